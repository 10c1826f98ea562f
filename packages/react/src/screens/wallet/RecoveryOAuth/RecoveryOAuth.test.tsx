import { screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, test, vi } from 'vitest'
import {
  createTestClient,
  testAppConfig,
  testEmbeddedWallet,
  testUser,
} from '../../../../test/createTestClient'
import { createFakePopup, openGoogleRecoveryPopup } from '../../../../test/fakePopup'
import {
  preloadRecoveryScreens,
  recoveryWalletUser,
  SecureButton,
  screenAxeOptions,
} from '../../../../test/recoveryScreens'
import { renderInProvider, signInWithTestCode } from '../../../../test/renderInProvider'
import { findDialog, renderWalletUi, testWallet } from '../../../../test/renderWallet'

preloadRecoveryScreens()

const driveWallet = { ...testWallet, recoveryMethod: 'google-drive' as const }

/** `window.open` hands back a fake popup (jsdom opens none). */
function stubPopup() {
  const popup = createFakePopup()
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
  return { popup, open }
}

describe('RecoveryOAuth (recover on a new device)', () => {
  test("default: 'Recover with Google Drive'; the popup opens on the click; a denial shows the documented text; retry recovers", async () => {
    const { prompt, user } = await renderWalletUi()
    const { popup, open } = stubPopup()
    const popups: unknown[] = []
    const result = prompt({
      kind: 'recoverWithOAuth',
      wallet: driveWallet,
      closable: true,
      provider: 'google-drive',
      recover: async ({ popup: given }) => {
        popups.push(given)
        if (popups.length === 1)
          throw Object.assign(new Error('Invalid code during oauth flow.'), { code: 'OAUTH_USER_DENIED' })
      },
    })
    const dialog = await findDialog('Recover with Google Drive')
    expect(
      within(dialog).getByText(
        'Sign in to the Google account that holds your backup to use your wallet on this device.',
      ),
    ).toBeTruthy()
    expect((await axe.run(dialog, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google Drive' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'User denied confirmation during OAuth flow',
    )
    expect(open).toHaveBeenCalledTimes(1)
    expect(open.mock.calls[0]?.[1]).toBe('foyer-oauth')
    expect(popups[0]).toBe(popup)
    expect((await axe.run(dialog, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual([])
    // Keyboard: the button takes focus and Enter starts again.
    within(dialog).getByRole('button', { name: 'Continue with Google Drive' }).focus()
    await user.keyboard('{Enter}')
    await result
    expect(popups).toHaveLength(2)
  })

  test("error: a failed return is 'Invalid code during OAuth flow.'; a closed popup shows nothing; Escape rejects", async () => {
    const { prompt, user } = await renderWalletUi()
    stubPopup()
    let attempt = 0
    const result = prompt({
      kind: 'recoverWithOAuth',
      wallet: driveWallet,
      closable: true,
      provider: 'google-drive',
      recover: async () => {
        attempt += 1
        const code = attempt === 1 ? 'UNKNOWN_AUTH_ERROR' : 'oauth_popup_closed'
        throw Object.assign(new Error(code), { code })
      },
    })
    const dialog = await findDialog('Recover with Google Drive')
    const button = within(dialog).getByRole('button', { name: 'Continue with Google Drive' })
    await user.click(button)
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid code during OAuth flow.')
    await user.click(button)
    await vi.waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull())
    expect(attempt).toBe(2)
    await user.keyboard('{Escape}')
    await expect(result).rejects.toMatchObject({ code: 'user_rejected' })
  })
})

describe('Google Drive as a recovery choice', () => {
  const walletUser = recoveryWalletUser

  test("default: offered in 'Secure your account' when the app offers google-drive; it opens 'Back up to Google Drive'", async () => {
    const { client } = createTestClient(
      {},
      {
        user: walletUser,
        appConfig: {
          embedded_wallet_config: {
            ...testAppConfig().embedded_wallet_config,
            user_owned_recovery_options: ['user-passcode', 'google-drive'],
          },
        },
      },
    )
    const { user } = await renderInProvider(client, <SecureButton />)
    await signInWithTestCode(client)
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Secure your account')
    expect(within(selection).getByText('Set a password')).toBeTruthy()
    expect((await axe.run(selection, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual(
      [],
    )
    await user.click(within(selection).getByRole('button', { name: /Google Drive/ }))
    const drive = await findDialog('Back up to Google Drive')
    expect(
      within(drive).getByText(
        'A recovery key is saved in a hidden folder of your Google Drive that only this app can read.',
      ),
    ).toBeTruthy()
    expect((await axe.run(drive, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual([])
  })

  test("error: 'Continue with Google Drive' runs recovery/oauth/init in the popup; a cancel at Google shows the documented text", async () => {
    const { client, calls } = createTestClient(
      {
        'POST /api/v1/recovery/oauth/init': () => ({
          status: 200,
          body: { url: 'https://accounts.google.test/o/oauth2/v2/auth' },
        }),
      },
      {
        user: walletUser,
        appConfig: {
          embedded_wallet_config: {
            ...testAppConfig().embedded_wallet_config,
            user_owned_recovery_options: ['google-drive'],
          },
        },
      },
    )
    // The popup comes back to this page with the code 'undefined' (the user cancelled at Google).
    const { popup } = openGoogleRecoveryPopup(calls, 'undefined')
    const { user } = await renderInProvider(client, <SecureButton />)
    await signInWithTestCode(client)
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    // Google Drive is the only choice: its screen opens directly.
    const drive = await findDialog('Back up to Google Drive')
    await user.click(within(drive).getByRole('button', { name: 'Continue with Google Drive' }))
    expect((await within(drive).findByRole('alert', {}, { timeout: 5_000 })).textContent).toBe(
      'User denied confirmation during OAuth flow',
    )
    expect(calls.some((call) => call.path === '/api/v1/recovery/oauth/authenticate')).toBe(false)
    expect(popup.replacedWith).toEqual(['https://accounts.google.test/o/oauth2/v2/auth'])
    expect(popup.closed).toBe(true)
  })

  test("behavior: without google-drive in the app's options, a wallet on automatic recovery gets the splash, then the password flow", async () => {
    const { client } = createTestClient({}, { user: walletUser })
    const { user } = await renderInProvider(client, <SecureButton />)
    await signInWithTestCode(client)
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const splash = await findDialog('Secure Your Account')
    expect(screen.queryByText('Google Drive')).toBeNull()
    await user.click(within(splash).getByRole('button', { name: 'Add password' }))
    await findDialog('Set your password')
  })

  test('behavior: a Google Drive wallet moving to automatic recovery asks Google first; a cancel there changes nothing', async () => {
    const driveUser = {
      ...testUser,
      linked_accounts: [
        ...testUser.linked_accounts,
        { ...testEmbeddedWallet(testWallet.address), recovery_method: 'google-drive' as const },
      ],
    }
    const { client, calls } = createTestClient(
      {
        'POST /api/v1/recovery/oauth/init': () => ({
          status: 200,
          body: { url: 'https://accounts.google.test/o/oauth2/v2/auth' },
        }),
      },
      {
        user: driveUser,
        appConfig: {
          embedded_wallet_config: {
            ...testAppConfig().embedded_wallet_config,
            user_owned_recovery_options: ['user-passcode', 'google-drive'],
          },
        },
      },
    )
    const { open } = openGoogleRecoveryPopup(calls, 'undefined')
    const { user } = await renderInProvider(client, <SecureButton />)
    await signInWithTestCode(client)
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Update backup method')
    expect(within(selection).queryByRole('button', { name: /Google Drive/ })).toBeNull()
    await user.click(within(selection).getByRole('button', { name: /automatic/i }))
    const automatic = await findDialog('Automatically secure your account')
    expect(open).toHaveBeenCalledTimes(0)
    await user.click(within(automatic).getByRole('button', { name: 'Confirm' }))
    expect(open).toHaveBeenCalledTimes(1)
    expect((await within(automatic).findByRole('alert', {}, { timeout: 5_000 })).textContent).toBe(
      'User denied confirmation during OAuth flow',
    )
    expect(calls.some((call) => call.path === '/api/v1/recovery/oauth/authenticate')).toBe(false)
    expect(client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ recovery_method: 'google-drive' }),
    )
  })
})
