import { cleanup, screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { describe, expect, test, vi } from 'vitest'
import { createFakePopup, openGoogleRecoveryPopup } from '../../../../test/fakePopup'
import {
  preloadRecoveryScreens,
  renderWalletOnMethod,
  screenAxeOptions,
  setPasswordThroughFlow,
} from '../../../../test/recoveryScreens'
import { findDialog, renderWalletUi } from '../../../../test/renderWallet'

preloadRecoveryScreens()

const PASSWORD = 'Velvet-Orbit-Lantern-Pebble'

/** A signed-in user whose wallet is on `method`, in an app offering `options`; the frame answers everything. */
function setUp(method: 'privy' | 'user-passcode' | 'google-drive', options: string[]) {
  return renderWalletOnMethod(method, options as ('user-passcode' | 'google-drive')[], {
    driveToken: 'drive-token-of-the-old-secret',
  })
}

/** Clicks a step's button once its 250 ms delay (docs/limits.md) has passed. */
async function press(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  const button = within(dialog).getByRole('button', { name })
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
  await user.click(button)
}

function setRecoveryCalls(frameCalls: { event: string; data: Record<string, unknown> }[]) {
  return frameCalls.filter((call) => call.event === 'privy:wallets:set-recovery').map((call) => call.data)
}

function options(dialog: HTMLElement) {
  return within(dialog)
    .getAllByRole('button')
    .map((button) => button.querySelector('span')?.textContent)
    .filter(Boolean)
}

describe('Secure your account / Update backup method', () => {
  test("default: a password wallet: 'Update backup method' offers exactly the app's methods and automatic; 'Automatically secure your account' confirms, succeeds and closes", async () => {
    const { frameCalls, user } = await setUp('user-passcode', ['user-passcode', 'google-drive'])
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Update backup method')
    expect(options(selection)).toEqual(['Set a password', 'Google Drive', 'Automatic recovery'])
    await user.click(within(selection).getByRole('button', { name: /Automatic recovery/ }))
    const automatic = await findDialog('Automatically secure your account')
    expect(within(automatic).getByText(/Any password or Google Drive backup stops working/)).toBeTruthy()
    expect((await axe.run(automatic, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual(
      [],
    )
    expect(setRecoveryCalls(frameCalls)).toEqual([])
    await user.click(within(automatic).getByRole('button', { name: 'Confirm' }))
    expect((await within(await findDialog('Success')).findByRole('status')).textContent).toBe(
      'Your account is secured.',
    )
    expect(setRecoveryCalls(frameCalls)).toEqual([
      expect.objectContaining({ recoveryMethod: 'privy', existingRecoveryMethod: 'user-passcode' }),
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3_000 })
  })

  test("behavior: an app offering only Google Drive shows no password for an automatic wallet; only 'user-passcode' for a Drive wallet offers password and automatic", async () => {
    const drive = await setUp('privy', ['google-drive'])
    await drive.user.click(screen.getByRole('button', { name: 'Secure' }))
    await findDialog('Back up to Google Drive')
    cleanup()
    const password = await setUp('google-drive', ['user-passcode'])
    await password.user.click(screen.getByRole('button', { name: 'Secure' }))
    expect(options(await findDialog('Update backup method'))).toEqual([
      'Set a password',
      'Automatic recovery',
    ])
  })

  test("behavior: a Google Drive wallet choosing 'Set a password' asks Google first, then the password is set with the token so the old secret is deleted", async () => {
    const { calls, frameCalls, user } = await setUp('google-drive', ['user-passcode', 'google-drive'])
    const { open } = openGoogleRecoveryPopup(calls, 'a-google-code')
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const selection = await findDialog('Update backup method')
    await user.click(within(selection).getByRole('button', { name: /Set a password/ }))
    expect(open).toHaveBeenCalledTimes(1)
    const set = await findDialog('Set your password')
    expect(calls.some((call) => call.path === '/api/v1/recovery/oauth/authenticate')).toBe(true)
    await setPasswordThroughFlow(user, set, PASSWORD)
    await findDialog('Success')
    expect(setRecoveryCalls(frameCalls)).toEqual([
      expect.objectContaining({
        recoveryMethod: 'user-passcode',
        recoveryPassword: PASSWORD,
        existingRecoveryMethod: 'google-drive',
        existingRecoveryAccessToken: 'drive-token-of-the-old-secret',
      }),
    ])
  })
})

describe('Secure your account at wallet creation', () => {
  test("behavior: the app's user-owned methods only, not closable; Google Drive makes the wallet through the popup opened in the click", async () => {
    const { prompt, user } = await renderWalletUi()
    const popup = createFakePopup()
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    const createWithGoogleDrive = vi.fn(async () => {})
    const createWithPassword = vi.fn(async () => {})
    let settled = false
    const result = prompt({
      kind: 'secureNewWallet',
      methods: ['user-passcode', 'google-drive'],
      createWithPassword,
      createWithGoogleDrive,
      createWithIcloud: async () => {},
    }).finally(() => {
      settled = true
    })
    const selection = await findDialog('Secure your account')
    expect(options(selection)).toEqual(['Set a password', 'Google Drive'])
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Secure your account' })).toBeTruthy()
    expect(settled).toBe(false)
    await user.click(within(selection).getByRole('button', { name: /Google Drive/ }))
    const drive = await findDialog('Back up to Google Drive')
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    await user.click(within(drive).getByRole('button', { name: 'Continue with Google Drive' }))
    await result
    expect(open).toHaveBeenCalledTimes(1)
    expect(createWithGoogleDrive).toHaveBeenCalledWith({ popup })
    expect(createWithPassword).not.toHaveBeenCalled()
  })

  test("behavior: an app offering iCloud lists it; 'Continue with iCloud' makes the wallet through the Apple popup opened in the click", async () => {
    const { prompt, user } = await renderWalletUi()
    const popup = createFakePopup()
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    const createWithIcloud = vi.fn(async () => {})
    const createWithGoogleDrive = vi.fn(async () => {})
    const result = prompt({
      kind: 'secureNewWallet',
      methods: ['user-passcode', 'google-drive', 'icloud'],
      createWithPassword: async () => {},
      createWithGoogleDrive,
      createWithIcloud,
    })
    const selection = await findDialog('Secure your account')
    expect(options(selection)).toEqual(['Set a password', 'Google Drive', 'iCloud'])
    await user.click(within(selection).getByRole('button', { name: /iCloud/ }))
    const icloud = await findDialog('Back up to iCloud')
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    await user.click(within(icloud).getByRole('button', { name: 'Continue with iCloud' }))
    await result
    expect(open).toHaveBeenCalledTimes(1)
    expect(createWithIcloud).toHaveBeenCalledWith({ popup })
    expect(createWithGoogleDrive).not.toHaveBeenCalled()
  })

  test("behavior: choosing 'Set a password' runs the password flow without Cancel, and creates with it", async () => {
    const { prompt, user } = await renderWalletUi()
    const createWithPassword = vi.fn(async () => {})
    const result = prompt({
      kind: 'secureNewWallet',
      methods: ['user-passcode', 'google-drive'],
      createWithPassword,
      createWithGoogleDrive: async () => {},
      createWithIcloud: async () => {},
    })
    const selection = await findDialog('Secure your account')
    await user.click(within(selection).getByRole('button', { name: /Set a password/ }))
    const set = await findDialog('Set your password')
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    await user.type(within(set).getByLabelText('Password'), PASSWORD)
    await press(user, set, 'Continue')
    await press(user, await findDialog('Save your password'), 'Continue')
    const confirm = await findDialog('Confirm your password')
    await user.type(within(confirm).getByLabelText('Confirm password'), PASSWORD)
    await press(user, confirm, 'Continue')
    const final = await findDialog('Confirm you have saved')
    expect(within(final).queryByRole('button', { name: 'Cancel' })).toBeNull()
    await user.click(within(final).getByRole('checkbox'))
    await press(user, final, 'Set Password')
    await result
    expect(createWithPassword).toHaveBeenCalledWith(PASSWORD)
  })
})

describe('Password update splash', () => {
  test("default: a wallet on automatic recovery with a password the one method: 'Secure Your Account', 'Add password' opens the closable password flow", async () => {
    const { user } = await setUp('privy', ['user-passcode'])
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    const splash = await findDialog('Secure Your Account')
    expect(within(splash).getByText(/Add a password to recover your wallet/)).toBeTruthy()
    expect((await axe.run(splash, screenAxeOptions)).violations.map((violation) => violation.id)).toEqual([])
    await user.click(within(splash).getByRole('button', { name: 'Add password' }))
    await findDialog('Set your password')
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy()
  })

  test("behavior: a password wallet is not shown the splash: 'Update backup method' offers a new password or automatic", async () => {
    const { user } = await setUp('user-passcode', ['user-passcode'])
    await user.click(screen.getByRole('button', { name: 'Secure' }))
    expect(options(await findDialog('Update backup method'))).toEqual([
      'Set a password',
      'Automatic recovery',
    ])
    expect(screen.queryByText('Secure Your Account')).toBeNull()
  })
})
