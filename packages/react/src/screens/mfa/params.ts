import type { WalletPrompt } from '@foyer/core'
import type { MfaMethodType } from '@foyer/protocol'
import type { PromptSettler } from '../../modal/prompts/PromptSettler'

/**
 * Params of the MFA verification screens (docs/modal.md "Verification"): the user's factors; the prompt's
 * settler; the wallet prompt open when the wallet asked for the verification (a transaction's summary shows
 * on the passkey screen).
 */
export type MfaVerifyParams = {
  methods: MfaMethodType[]
  settle: PromptSettler<undefined>
  pending?: WalletPrompt | undefined
}

/** Params of the MFA enrolment flow (docs/modal.md "MFA"): resolved when the user finishes. */
export type MfaEnrollmentParams = { settle: PromptSettler<undefined> }
