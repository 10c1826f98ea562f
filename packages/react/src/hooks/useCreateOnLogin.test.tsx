import { cleanup, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { TEST_CODE } from '../../test/createTestClient'
import { watchWalletCreationOnLogin } from '../../test/fakeWalletFrame'
import { renderFoyerAndOpen, submitEmail } from '../../test/renderFoyer'

afterEach(cleanup)

// The wallet code takes 300 ms to load the first time, as a lazy chunk over a network does.
vi.mock('@foyer/core/wallet', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 300))
  return importOriginal()
})

describe('useCreateOnLogin', () => {
  test("behavior: the creation is under way from the sign-in on, while the wallet code loads (no 'No wallet' flash)", async () => {
    const { user, client, getByTestId } = await renderFoyerAndOpen()
    const events = watchWalletCreationOnLogin(client)
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    await waitFor(() => expect(getByTestId('host-status').textContent).toMatch(/^signed in/))
    expect(events()).toEqual([]) // the wallet code is still loading
    expect(client.getState().walletCreation).toMatchObject({ status: 'creating', chainTypes: ['ethereum'] })
    await waitFor(() => expect(events()).toEqual(['privy:wallet:create']))
  })

  test('default: after a sign-in through the modal, createOnLogin wallets are created in the frame', async () => {
    const { user, client } = await renderFoyerAndOpen()
    const events = watchWalletCreationOnLogin(client)
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    // Creation starts once the success screen has closed the modal.
    await waitFor(() => expect(events()).toEqual(['privy:wallet:create']))
    expect(client.getState().walletCreation).toMatchObject({ status: 'creating', chainTypes: ['ethereum'] })
  })
})
