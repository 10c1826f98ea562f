import type { EmbeddedWalletInfo } from '@foyer/core'
import type { RecoverWithOAuthPrompt, SecureNewWalletPrompt } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * Params of the recovery OAuth screen: `'set'` secures `wallet` with Google Drive or, with `provider:
 * 'icloud'`, iCloud (the user chose it); `'recover'` rebuilds a `google-drive` or `icloud` wallet on this
 * device for a pending wallet request (the prompt names the provider); `'create'` makes the new wallet on
 * Google Drive (the app requires a user-owned method on create; not closable).
 */
export type RecoveryOAuthParams =
  | {
      mode: 'set'
      wallet: EmbeddedWalletInfo
      /** Default `'google-drive'`. */
      provider?: 'google-drive' | 'icloud' | undefined
      /**
       * The sign-in token of the cloud the wallet leaves (Google's or an Apple ID web auth token), so the
       * frame deletes the old secret (docs/recovery-icloud.md "Changing the method").
       */
      existingRecoveryAccessToken?: string | undefined
      settle: PromptSettler<undefined>
    }
  | { mode: 'recover'; prompt: RecoverWithOAuthPrompt; settle: PromptSettler<undefined> }
  | {
      mode: 'create'
      prompt: SecureNewWalletPrompt
      /** Default `'google-drive'`. */
      provider?: 'google-drive' | 'icloud' | undefined
      settle: PromptSettler<undefined>
    }
