import type { TelegramAuthResult, User } from '@foyer/protocol'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * Params of the Telegram screen (docs/modal.md "Telegram auth screen"): sign in or link; the captcha token of
 * the flow (apps with a captcha); a proof already in hand — the widget's redirect return, read at page load —
 * to exchange at once; and, for a link, how to answer the link hook.
 */
export type TelegramParams = {
  action: 'login' | 'link'
  captchaToken?: string | undefined
  authResult?: TelegramAuthResult | undefined
  settle?: PromptSettler<User> | undefined
}
