import type { AppConfig } from '@foyer/protocol'
import { beforeAll } from 'vitest'
import { useSetWalletRecovery } from '../src/hooks/useSetWalletRecovery'
import { testAppConfig, testEmbeddedWallet, testUser } from './createTestClient'
import { testWallet } from './renderWallet'

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

/** Loads the recovery screens' lazy chunks once before the file's tests (their first render is then quick). */
export function preloadRecoveryScreens(): void {
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
