import type { FoyerState } from '@foyer/core'

/**
 * Whether a login start needs a captcha token first (docs/modal.md "Starting a login", docs/api.md): the app
 * has `captcha_enabled` and no full user is signed in (a signed-in user is not asked: link and update code
 * sends skip it; a guest is asked, as the server asks guests too). Tokens are single use and taken as soon as
 * they are issued, so none is ever held over.
 *
 * @param state - the client's state (`appConfig`, `user`)
 */
export function captchaRequired(state: Pick<FoyerState, 'appConfig' | 'user'>): boolean {
  return state.appConfig?.captcha_enabled === true && (state.user === null || state.user.is_guest)
}
