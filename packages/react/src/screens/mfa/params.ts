import type { MfaMethodType } from '@foyer/protocol'
import type { PromptSettler } from '../../modal/prompts/PromptSettler'

/**
 * Params of the MFA verification screens (docs/modal.md "Verification"): the user's factors; the prompt's
 * settler.
 */
export type MfaVerifyParams = {
  methods: MfaMethodType[]
  settle: PromptSettler<undefined>
}

/** Params of the MFA enrolment flow (docs/modal.md "MFA"): resolved when the user finishes. */
export type MfaEnrollmentParams = { settle: PromptSettler<undefined> }
