import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { TEST_CODE } from '../../test/createTestClient'
import { renderFoyerAndOpen } from '../../test/renderFoyer'

// The code screen's chunk takes 1.5 s to load, as over a slow network: the modal shows `ScreenLoading`.
vi.mock('../screens/login/AwaitingCode/AwaitingCode', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 1500))
  return importOriginal()
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ScreenLoading', () => {
  test('behavior: the modal keeps its height and the code typed while the code screen loads signs in', async () => {
    // jsdom has no layout: the landing stands 410 px tall.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(410)
    const { user, calls } = await renderFoyerAndOpen()
    await user.type(screen.getByPlaceholderText('your@email.com'), 'ada@example.com{Enter}')
    const status = (await screen.findByText('Loading: Enter confirmation code')).parentElement as HTMLElement
    expect(status.getAttribute('role')).toBe('status')
    expect(status.style.minHeight).toBe('410px')
    await user.keyboard(TEST_CODE)
    await waitFor(
      () =>
        expect(calls.find((call) => call.path === '/api/v1/passwordless/authenticate')?.body).toEqual({
          email: 'ada@example.com',
          code: TEST_CODE,
          mode: 'login-or-sign-up',
        }),
      { timeout: 4000 },
    )
    expect(await screen.findByText('Success!', {}, { timeout: 3000 })).toBeTruthy()
  })
})
