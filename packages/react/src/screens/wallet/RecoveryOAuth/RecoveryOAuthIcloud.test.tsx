import { screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, test, vi } from 'vitest'
import { createTestClient } from '../../../../test/createTestClient'
import { createFakePopup } from '../../../../test/fakePopup'
import {
  appWithRecoveryOptions,
  preloadRecoveryScreens,
  recoveryWalletUser,
  SecureButton,
  screenAxeOptions,
} from '../../../../test/recoveryScreens'
import { renderInProvider, signInWithTestCode } from '../../../../test/renderInProvider'
import { findDialog, renderWalletUi, testWallet } from '../../../../test/renderWallet'

// The recovery OAuth screen's iCloud variant (docs/recovery-icloud.md "In the modal").

preloadRecoveryScreens()

const walletUser = recoveryWalletUser
describe('RecoveryOAuth, iCloud', () => {
  test("default: 'Recover with iCloud' for an icloud wallet on a new device; 'Continue with iCloud' hands the click's popup to recover", async () => {
    const { prompt, user } = await renderWalletUi()
    const popup = createFakePopup()
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    const given: unknown[] = []
    const result = prompt({
      kind: 'recoverWithOAuth',
      wallet: { ...testWallet, recoveryMethod: 'icloud' },
      closable: true,
      provider: 'icloud',
      recover: async (options) => {
        given.push(options.popup)
        if (given.length === 1)
          throw Object.assign(new Error('Invalid code during OAuth flow.'), { code: 'UNKNOWN_AUTH_ERROR' })
      },
    })
    const dialog = await findDialog('Recover with iCloud')
    expect(
      within(dialog).getByText(
        'Sign in with the Apple ID that holds your backup to use your wallet on this device.',
      ),
    ).toBeTruthy()
    expect(within(dialog).queryByText(/Google/)).toBeNull()
    expect((await axe.run(dialog, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Continue with iCloud' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid code during OAuth flow.')
    expect(open.mock.calls[0]?.[1]).toBe('foyer-oauth')
    expect(given[0]).toBe(popup)
    within(dialog).getByRole('button', { name: 'Continue with iCloud' }).focus()
    await user.keyboard('{Enter}')
    await result
    expect(given).toHaveLength(2)
  })

  test("default: offered in 'Secure your account' when the app offers icloud; 'Continue with iCloud' sends the popup to init_icloud's URL", async () => {
    const signInUrl = 'https://idmsa.apple.test/IDMSWebAuth/signin?appIdKey=1'
    const { client, calls } = createTestClient(
      { 'POST /api/v1/recovery/oauth/init_icloud': () => ({ status: 200, body: { url: signInUrl } }) },
      { user: walletUser, appConfig: appWithRecoveryOptions(['user-passcode', 'icloud']) },
    )
    const replaced: string[] = []
    const popup = {
      closed: false,
      close() {
        popup.closed = true
      },
      location: {
        get href(): string {
          throw new Error('SecurityError: cross-origin')
        },
        replace(url: string) {
          replaced.push(url)
        },
      },
    }
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    const { user } = await renderInProvider(client, <SecureButton />)
    await signInWithTestCode(client)
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Secure your account')
    expect(within(selection).queryByRole('button', { name: /Google Drive/ })).toBeNull()
    await user.click(within(selection).getByRole('button', { name: /iCloud/ }))
    const backup = await findDialog('Back up to iCloud')
    expect((await axe.run(backup, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual([])
    await user.click(within(backup).getByRole('button', { name: 'Continue with iCloud' }))
    await within(backup).findByText('Waiting for Apple')
    await vi.waitFor(() => expect(replaced).toEqual([signInUrl]), { timeout: 10_000 })
    const init = calls.find((call) => call.path === '/api/v1/recovery/oauth/init_icloud')
    expect(init?.body).toEqual({ client_type: 'web' })
    // The user closes Apple's window: nothing to show, the button is there to try again.
    popup.closed = true
    await vi.waitFor(() => expect(within(backup).queryByText('Waiting for Apple')).toBeNull(), {
      timeout: 5_000,
    })
    expect(within(backup).queryByRole('alert')).toBeNull()
  })

  test("error: a blocked popup asks to allow Apple's window; iCloud alone opens its screen directly", async () => {
    const { client } = createTestClient(
      {},
      { user: walletUser, appConfig: appWithRecoveryOptions(['icloud']) },
    )
    vi.spyOn(window, 'open').mockImplementation(() => null)
    const { user } = await renderInProvider(client, <SecureButton />)
    await signInWithTestCode(client)
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const backup = await findDialog('Back up to iCloud')
    await user.click(within(backup).getByRole('button', { name: 'Continue with iCloud' }))
    expect((await within(backup).findByRole('alert')).textContent).toBe(
      'Your browser blocked the Apple window. Allow pop-ups and try again.',
    )
  })
})
