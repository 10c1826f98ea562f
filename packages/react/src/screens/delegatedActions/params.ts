import type { EmbeddedWalletInfo } from '@foyer/core'
import type { PromptSettler } from '../../modal/prompts/PromptSettler'

/**
 * How a delegated-actions screen ended, recorded as soon as it is known: the hook answers with it even when
 * the user closes the modal while the result shows.
 */
export type DelegationOutcome = { current: { ok: true } | { ok: false; error: unknown } | undefined }

/**
 * Params of 'Enable delegated actions': the wallet the app asks for; settled once the result screen closes
 * (resolved on success, rejected with the failure), or rejected with a user rejection on 'Not now' or Close.
 */
export type DelegatedConsentParams = {
  wallet: EmbeddedWalletInfo
  settle: PromptSettler<undefined>
  outcome: DelegationOutcome
}

/**
 * Params of 'Revoke permission': settled once the result screen closes (resolved when revoked, rejected with
 * the failure), or rejected with a user rejection on 'Deny' or Close.
 */
export type DelegatedRevokeParams = {
  settle: PromptSettler<undefined>
  outcome: DelegationOutcome
}
