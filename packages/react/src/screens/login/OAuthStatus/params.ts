import type { OAuthAction, OAuthPopupRef } from '@foyer/core/oauth'
import type { User } from '@foyer/protocol'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * Params of the OAuth status screen (docs/modal.md "OAuth status"): the provider and what the flow is for;
 * the popup the click opened (`null`: blocked, so a full-page redirect); the captcha token of the flow (apps
 * with a captcha); the code of a full-page return to exchange; and, for a link, how to answer the link hook.
 */
export type OAuthStatusParams = {
  provider: string
  action: OAuthAction
  popup?: OAuthPopupRef | null | undefined
  captchaToken?: string | undefined
  returned?: { authorizationCode: string; stateCode: string } | undefined
  settle?: PromptSettler<User> | undefined
}
