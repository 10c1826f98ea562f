import type { User } from '@foyer/protocol'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * What a code screen finishes in link mode (docs/modal.md): link the
 * address or number to the signed-in user, or replace the linked number or address; answers through `settle`.
 */
export type LinkFlow =
  | { kind: 'link'; settle: PromptSettler<User> }
  | { kind: 'update'; oldPhoneNumber: string; settle: PromptSettler<User> }
  | { kind: 'updateEmail'; oldAddress: string; settle: PromptSettler<User> }

/**
 * Params of the awaiting-code screen: the address or E.164 number the code went to, and the link flow
 * when the code links instead of signing in, and when the code was sent.
 */
export type AwaitingCodeParams = (
  | { email: string; phoneNumber?: undefined }
  | { phoneNumber: string; email?: undefined }
) & {
  flow?: LinkFlow | undefined
  /** When the code was sent (ms since the epoch); the resend cooldown counts from it (docs/modal.md). */
  sentAt?: number | undefined
}
