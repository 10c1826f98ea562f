import type { OAuthAction, OAuthPopupRef } from '@foyer/core/oauth'
import type { User } from '@foyer/protocol'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * Params of the cross-app screen (docs/modal.md "Cross-app auth"): the provider app, login or link, the popup
 * the click opened (`null`: blocked), the captcha token, and for a link how to answer the hook.
 */
export type CrossAppStatusParams = {
  appId: string
  action: OAuthAction
  popup?: OAuthPopupRef | null | undefined
  captchaToken?: string | undefined
  settle?: PromptSettler<User> | undefined
}
