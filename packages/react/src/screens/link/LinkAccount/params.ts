import type { User } from '@foyer/protocol'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the link screens ('Link email', 'Link phone', 'Update email', 'Update phone'). */
export type LinkAccountParams = {
  kind: 'email' | 'phone' | 'updateEmail' | 'updatePhone'
  settle: PromptSettler<User>
  /** The linked number an update replaces (`kind: 'updatePhone'`). */
  oldPhoneNumber?: string | undefined
  /** The linked address an update replaces (`kind: 'updateEmail'`). */
  oldAddress?: string | undefined
  /** Prefill (coming Back from the code screen). */
  value?: string | undefined
}
