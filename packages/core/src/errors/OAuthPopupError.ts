import { BaseError } from './BaseError'

/** Why an OAuth popup failed; see {@link OAuthPopupError}. */
export type OAuthPopupErrorCode = 'oauth_popup_blocked' | 'oauth_popup_closed' | 'oauth_origin_mismatch'

const messages: Record<OAuthPopupErrorCode, string> = {
  oauth_popup_blocked: 'The browser blocked the sign-in popup.',
  oauth_popup_closed: 'The sign-in popup was closed before it finished.',
  // docs/errors.md "OAuth".
  oauth_origin_mismatch: 'Origins between parent and child windows do not match.',
}

/**
 * The OAuth popup (440 × 680) did not hand back a code:
 * - `'oauth_popup_blocked'`: `window.open` returned nothing (fall back to a full-page redirect);
 * - `'oauth_popup_closed'`: the user closed it first;
 * - `'oauth_origin_mismatch'`: the popup's answer came from another origin than the app's return page:
 *   'Origins between parent and child windows do not match.' (docs/errors.md; docs/conventions.md "The frame
 * protocol").
 *
 * @example
 * catch (error) {
 *   if (error instanceof OAuthPopupError && error.code === 'oauth_popup_blocked') redirectInstead()
 * }
 */
export class OAuthPopupError extends BaseError {
  override name = 'OAuthPopupError'
  declare readonly code: OAuthPopupErrorCode

  constructor(code: OAuthPopupErrorCode, parameters: { details?: string | undefined } = {}) {
    super(messages[code], { code, details: parameters.details })
  }
}
