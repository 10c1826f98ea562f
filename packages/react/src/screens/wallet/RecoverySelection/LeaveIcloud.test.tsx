import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { createFakePopup } from '../../../../test/fakePopup'
import {
  preloadRecoveryScreens,
  renderWalletOnMethod,
  setPasswordThroughFlow,
} from '../../../../test/recoveryScreens'
import { findDialog } from '../../../../test/renderWallet'

// Leaving iCloud from 'Update backup method' (docs/recovery-icloud.md "Changing the method"): the Apple ID
// sign-in opens in the click that chooses the new method, and its web auth token reaches the frame's
// set-recovery as `existingRecoveryAccessToken`, so the old CloudKit record is deleted.

preloadRecoveryScreens()

const PASSWORD = 'Velvet-Orbit-Lantern-Pebble'
const APPLE_TOKEN = '170__apple+web/auth='

/** A signed-in user whose wallet is on `method`, in an app offering password, Google Drive and iCloud. */
function setUp(method: 'icloud' | 'google-drive' = 'icloud') {
  return renderWalletOnMethod(method, ['user-passcode', 'google-drive', 'icloud'], {
    driveToken: 'a-google-drive-token',
    routes: {
      'POST /api/v1/recovery/oauth/init_icloud': () => ({
        status: 200,
        body: { url: 'https://idmsa.apple.test/IDMSWebAuth/signin?appIdKey=1' },
      }),
    },
  })
}

/**
 * Each `window.open` hands back the next of `answers`: `'apple'` signs in ("URL Redirect": back on this page
 * with `ckWebAuthToken`), `'google'` comes back with a code for the last `recovery/oauth/init`, `'closed'`
 * is closed by the user, `'blocked'` is a blocked popup.
 */
function popups(calls: readonly { path: string; body?: unknown }[], answers: string[]) {
  return vi.spyOn(window, 'open').mockImplementation(() => {
    const answer = answers.shift()
    if (answer === 'blocked') return null
    const popup = createFakePopup()
    let href: string | null = null
    Object.defineProperty(popup.location, 'href', {
      get() {
        if (href === null) throw new Error('SecurityError: cross-origin')
        return href
      },
    })
    popup.location.replace = (url: string) => {
      popup.replacedWith.push(url)
      const back = new URL(window.location.href)
      if (answer === 'closed') popup.closed = true
      else if (answer === 'apple') back.search = `ckWebAuthToken=${encodeURIComponent(APPLE_TOKEN)}`
      else {
        const init = calls.findLast((call) => call.path === '/api/v1/recovery/oauth/init')
        back.search = new URLSearchParams({
          privy_oauth_code: 'a-google-code',
          privy_oauth_state: (init?.body as { state_code?: string } | undefined)?.state_code ?? '',
          privy_oauth_provider: 'google-drive',
        }).toString()
      }
      href = back.href
    }
    return popup as unknown as Window
  })
}

function setRecoveryCalls(frameCalls: { event: string; data: Record<string, unknown> }[]) {
  return frameCalls.filter((call) => call.event === 'privy:wallets:set-recovery').map((call) => call.data)
}

describe('Update backup method for a wallet on iCloud', () => {
  test("default: 'Set a password' signs in with the Apple ID in the click; the password goes to the frame with Apple's token", async () => {
    const { calls, frameCalls, user } = await setUp()
    const open = popups(calls, ['apple'])
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Update backup method')
    expect(within(selection).queryByRole('button', { name: /iCloud/ })).toBeNull()
    await user.click(within(selection).getByRole('button', { name: /Set a password/ }))
    expect(open).toHaveBeenCalledTimes(1)
    const set = await findDialog('Set your password')
    expect(calls.some((call) => call.path === '/api/v1/recovery/oauth/init_icloud')).toBe(true)
    await setPasswordThroughFlow(user, set, PASSWORD)
    await findDialog('Success')
    expect(setRecoveryCalls(frameCalls)).toEqual([
      expect.objectContaining({
        recoveryMethod: 'user-passcode',
        existingRecoveryMethod: 'icloud',
        existingRecoveryAccessToken: APPLE_TOKEN,
      }),
    ])
  })

  test("behavior: 'Google Drive' signs in with Apple first, then 'Continue with Google Drive' sets Drive with both tokens", async () => {
    const { calls, frameCalls, user } = await setUp()
    const open = popups(calls, ['apple', 'google'])
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Update backup method')
    await user.click(within(selection).getByRole('button', { name: /Google Drive/ }))
    expect(open).toHaveBeenCalledTimes(1)
    const backup = await findDialog('Back up to Google Drive')
    expect(setRecoveryCalls(frameCalls)).toEqual([])
    await user.click(within(backup).getByRole('button', { name: 'Continue with Google Drive' }))
    expect(open).toHaveBeenCalledTimes(2)
    await waitFor(() => expect(setRecoveryCalls(frameCalls)).toHaveLength(1), { timeout: 5_000 })
    expect(setRecoveryCalls(frameCalls)[0]).toMatchObject({
      recoveryMethod: 'google-drive',
      recoveryAccessToken: 'a-google-drive-token',
      existingRecoveryMethod: 'icloud',
      existingRecoveryAccessToken: APPLE_TOKEN,
    })
  })

  test("error: automatic recovery: a closed Apple window is 'User denied confirmation during OAuth flow' and changes nothing; then it succeeds with the token", async () => {
    const { calls, client, frameCalls, user } = await setUp()
    const open = popups(calls, ['closed', 'apple'])
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Update backup method')
    await user.click(within(selection).getByRole('button', { name: /Automatic recovery/ }))
    const automatic = await findDialog('Automatically secure your account')
    expect(open).toHaveBeenCalledTimes(0)
    await user.click(within(automatic).getByRole('button', { name: 'Confirm' }))
    expect(open).toHaveBeenCalledTimes(1)
    expect((await within(automatic).findByRole('alert', {}, { timeout: 5_000 })).textContent).toBe(
      'User denied confirmation during OAuth flow',
    )
    expect(setRecoveryCalls(frameCalls)).toEqual([])
    expect(client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ recovery_method: 'icloud' }),
    )
    await user.click(within(automatic).getByRole('button', { name: 'Confirm' }))
    await findDialog('Success')
    expect(setRecoveryCalls(frameCalls)).toEqual([
      expect.objectContaining({
        recoveryMethod: 'privy',
        existingRecoveryMethod: 'icloud',
        existingRecoveryAccessToken: APPLE_TOKEN,
      }),
    ])
  })

  test("error: a blocked Apple window asks to allow it; 'Waiting for Apple' while the sign-in is open", async () => {
    const { calls, frameCalls, user } = await setUp()
    // Blocked in the click, and again when the sign-in tries once more.
    popups(calls, ['blocked', 'blocked'])
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Update backup method')
    await user.click(within(selection).getByRole('button', { name: /Set a password/ }))
    expect((await within(selection).findByRole('alert')).textContent).toBe(
      'Your browser blocked the Apple window. Allow pop-ups and try again.',
    )
    // A sign-in that never answers: the selection says whom it waits for.
    vi.spyOn(window, 'open').mockImplementation(() => createFakePopup() as unknown as Window)
    await user.click(within(selection).getByRole('button', { name: /Set a password/ }))
    expect((await within(selection).findByRole('status')).textContent).toBe('Waiting for Apple')
    expect(setRecoveryCalls(frameCalls)).toEqual([])
  })
})

describe('Update backup method for a wallet on Google Drive, choosing iCloud', () => {
  test("behavior: 'iCloud' signs in at Google first, then 'Continue with iCloud' sets iCloud with Google's token for the old file", async () => {
    const { calls, frameCalls, user } = await setUp('google-drive')
    const open = popups(calls, ['google', 'apple'])
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Update backup method')
    await user.click(within(selection).getByRole('button', { name: /iCloud/ }))
    expect(open).toHaveBeenCalledTimes(1)
    const backup = await findDialog('Back up to iCloud')
    await user.click(within(backup).getByRole('button', { name: 'Continue with iCloud' }))
    await waitFor(() => expect(setRecoveryCalls(frameCalls)).toHaveLength(1), { timeout: 5_000 })
    expect(setRecoveryCalls(frameCalls)[0]).toMatchObject({
      recoveryMethod: 'icloud',
      recoveryAccessToken: APPLE_TOKEN,
      existingRecoveryMethod: 'google-drive',
      existingRecoveryAccessToken: 'a-google-drive-token',
    })
  })
})
