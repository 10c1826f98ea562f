import type { AppConfig } from '@foyer/protocol'
import { cleanup, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, expect, vi } from 'vitest'
import { useSetWalletRecovery } from '../src/hooks/useSetWalletRecovery'
import { createTestClient, testAppConfig, testEmbeddedWallet, testUser } from './createTestClient'
import { installFakeWalletFrame } from './fakeWalletFrame'
import { renderInProvider, signInWithTestCode } from './renderInProvider'
import { findDialog, testWallet } from './renderWallet'

/** axe's options for a screen rendered alone (no page landmarks; colours are checked in the browser). */
export const screenAxeOptions = {
  rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
}

/** The test user with an embedded Ethereum wallet at `testWallet.address` (on automatic recovery). */
export const recoveryWalletUser = {
  ...testUser,
  linked_accounts: [...testUser.linked_accounts, testEmbeddedWallet(testWallet.address)],
}

/** A method of `embedded_wallet_config.user_owned_recovery_options`. */
type UserOwnedRecoveryOption = AppConfig['embedded_wallet_config']['user_owned_recovery_options'][number]

/** An app config offering `options` as its `user_owned_recovery_options`. */
export function appWithRecoveryOptions(options: readonly UserOwnedRecoveryOption[]): Partial<AppConfig> {
  return {
    embedded_wallet_config: {
      ...testAppConfig().embedded_wallet_config,
      user_owned_recovery_options: [...options],
    },
  }
}

/** A 'Secure' button that opens `useSetWalletRecovery().setWalletRecovery()` (a rejection is ignored). */
export function SecureButton() {
  const { setWalletRecovery } = useSetWalletRecovery()
  return (
    <button type="button" onClick={() => void setWalletRecovery().catch(() => {})}>
      Secure
    </button>
  )
}

/**
 * The recovery screen files' set-up: loads the screens' lazy chunks once before the file's tests (their first
 * render is then quick), and after each test unmounts what it rendered and undoes its stubs and spies.
 */
export function preloadRecoveryScreens(): void {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
  beforeAll(async () => {
    await Promise.all([
      import('../src/screens/wallet/RecoveryOAuth/RecoveryOAuth'),
      import('../src/screens/wallet/RecoverySelection/RecoverySelection'),
      import('../src/screens/wallet/SetAutomaticRecovery/SetAutomaticRecovery'),
      import('../src/screens/wallet/PasswordSplash/PasswordSplash'),
      import('../src/screens/wallet/SetPassword/SetPassword'),
    ])
  }, 60_000)
}

/** Clicks a step's button once its 250 ms delay (docs/limits.md) has passed. */
export async function pressWhenEnabled(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  name: string,
): Promise<void> {
  const button = within(dialog).getByRole('button', { name })
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
  await user.click(button)
}

/**
 * The password flow from 'Set your password' (`dialog`) to the click on 'Set Password': the password, 'Save
 * your password', 'Confirm your password' and the acknowledgement of 'Confirm you have saved'.
 */
export async function setPasswordThroughFlow(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  password: string,
): Promise<void> {
  await user.type(within(dialog).getByLabelText('Password'), password)
  await pressWhenEnabled(user, dialog, 'Continue')
  await pressWhenEnabled(user, await findDialog('Save your password'), 'Continue')
  const confirm = await findDialog('Confirm your password')
  await user.type(within(confirm).getByLabelText('Confirm password'), password)
  await pressWhenEnabled(user, confirm, 'Continue')
  const final = await findDialog('Confirm you have saved')
  await user.click(within(final).getByRole('checkbox'))
  await pressWhenEnabled(user, final, 'Set Password')
}

/**
 * A signed-in user whose wallet is on `method`, in an app offering `options`, with a {@link SecureButton}
 * rendered and a wallet frame that answers everything. The Google recovery calls answer `driveToken`;
 * `routes` adds or replaces API answers.
 *
 * @returns the client, its API calls, the frame's calls and the user-event instance
 */
export async function renderWalletOnMethod(
  method: 'privy' | 'user-passcode' | 'google-drive' | 'icloud',
  options: readonly UserOwnedRecoveryOption[],
  more: { driveToken?: string; routes?: Parameters<typeof createTestClient>[0] } = {},
) {
  const account = { ...testEmbeddedWallet(testWallet.address), recovery_method: method }
  const { client, calls } = createTestClient(
    {
      'POST /api/v1/recovery/oauth/init': () => ({
        status: 200,
        body: { url: 'https://accounts.google.test/o/oauth2/v2/auth' },
      }),
      'POST /api/v1/recovery/oauth/authenticate': () => ({
        status: 200,
        body: { access_token: more.driveToken ?? 'drive-token' },
      }),
      ...more.routes,
    },
    {
      user: { ...testUser, linked_accounts: [...testUser.linked_accounts, account] },
      appConfig: appWithRecoveryOptions(options),
    },
  )
  const { user } = await renderInProvider(client, <SecureButton />)
  await signInWithTestCode(client)
  const frameCalls = installFakeWalletFrame(client, () => ({}))
  return { client, calls, frameCalls, user }
}
