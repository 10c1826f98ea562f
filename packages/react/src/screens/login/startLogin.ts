import { sdkEvents, trackSdkEvent } from '@foyer/core'
import { captchaRequired } from '../../captcha/captchaRequired'
import type { ScreenId, ScreenParamsMap } from '../../modal/screenParams'
import type { LoginKind, LoginStartContext, LoginStartOf, LoginStep } from './LoginMethod'
import type { LoginStart } from './LoginStart'
import { loginMethodOf } from './loginMethods'

export type { LoginStartContext } from './LoginMethod'

/**
 * Starts a login: when the app has `captcha_enabled` and nobody is signed in,
 * goes to the captcha screen first, which continues with the token ({@link continueLogin}); otherwise
 * continues at once. The one place every landing entry goes through; each login kind's entry in
 * `loginMethods` names it for analytics and says what the landing keeps for Back.
 *
 * @returns when the code was sent (or failed) and the modal moved on; at once when the captcha screen opens
 * @example
 * await startLogin(modal, { kind: 'email', email, landing: { email } })
 */
export function startLogin(modal: LoginStartContext, start: LoginStart): Promise<void> {
  return startWith(modal, start)
}

/** {@link startLogin} for one kind (the entry's types follow the start's). */
function startWith<Kind extends LoginKind>(
  modal: LoginStartContext,
  start: LoginStartOf<Kind>,
): Promise<void> {
  const method = loginMethodOf(start)
  trackSdkEvent(modal.client, sdkEvents.loginStarted, { method: method.analyticsName(start) })
  if (captchaRequired(modal.state)) {
    const history = modal.router.getHistory()
    const landing = method.keptLanding?.(start)
    // The landing below keeps what was typed, so 'Continue' (back) on the captcha screen finds it there.
    if (landing && history.at(-1)?.id === 'landing')
      modal.router.restore([
        ...history.slice(0, -1),
        { id: 'landing', params: landing },
        { id: 'captcha', params: { start } },
      ])
    else modal.router.push('captcha', { start })
    return Promise.resolve()
  }
  return continueLogin(modal, start, undefined)
}

/**
 * Continues a login start with the captcha token (when one was needed), through its kind's entry in
 * `loginMethods`: the code screen (email, SMS, after sending the code), the passkey screen, the Telegram
 * screen, the OAuth status screen, … with the landing (and what it keeps) below for Back; each entry's
 * error flow handles its failures. Called on the landing, or on the captcha screen (which the method's
 * screen replaces). Nothing moves when the user navigated away meanwhile (Back, close).
 *
 * @param captchaToken - the token from the captcha screen; `undefined` when none was needed
 */
export function continueLogin(
  modal: LoginStartContext,
  start: LoginStart,
  captchaToken: string | undefined,
): Promise<void> {
  return continueWith(modal, start, captchaToken)
}

/** {@link continueLogin} for one kind. */
function continueWith<Kind extends LoginKind>(
  modal: LoginStartContext,
  start: LoginStartOf<Kind>,
  captchaToken: string | undefined,
): Promise<void> {
  const { router } = modal
  const history = router.getHistory()
  const viaCaptcha = history.at(-1)?.id === 'captcha'
  const step: LoginStep = {
    captchaToken,
    viaCaptcha,
    history,
    open: <Id extends ScreenId>(id: Id, params: ScreenParamsMap[Id]) => {
      const open = viaCaptcha ? router.replace : router.push
      ;(open as (id: Id, params: ScreenParamsMap[Id]) => void)(id, params)
    },
  }
  return loginMethodOf(start).continue(modal, start, step)
}
