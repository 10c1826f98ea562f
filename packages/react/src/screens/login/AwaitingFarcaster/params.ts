import type { User } from '@foyer/protocol'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * Params of the awaiting-Farcaster screen (docs/modal.md "Awaiting Farcaster connection"): sign in or link,
 * the captcha token of the sign-in (apps with a captcha), and for a link how to answer the link hook.
 */
export type AwaitingFarcasterParams = {
  action: 'login' | 'link'
  captchaToken?: string | undefined
  settle?: PromptSettler<User> | undefined
}
