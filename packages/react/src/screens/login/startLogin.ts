import { sdkEvents, sendEmailCode, sendSmsCode, trackSdkEvent } from '@foyer/core'
import { openOAuthPopup } from '@foyer/core/oauth'
import { captchaRequired } from '../../captcha/captchaRequired'
import { toErrorInfo } from '../../errors/toErrorInfo'
import type { FoyerConfig } from '../../FoyerProvider/FoyerConfig'
import { oauthBlockedInAppBrowser } from '../../inAppBrowser/oauthBlockedInAppBrowser'
import type { ModalContextValue } from '../../modal/ModalContext'
import type { Route } from '../../modal/router/createRouter'
import type { ScreenParamsMap } from '../../modal/screenParams'
import { recordCodeSent, sentAtOfLiveCode } from './codesSent'
import type { LoginStart } from './LoginStart'

/** What {@link startLogin} and {@link continueLogin} need of the modal (`config`: the OAuth display mode). */
export type LoginStartContext = Pick<ModalContextValue, 'client' | 'router' | 'state'> & {
  config?: FoyerConfig | undefined
}

/**
 * Starts a login (spec 01 §4 "Starting a login"): when the app has `captcha_enabled` and nobody is signed in,
 * goes to the captcha screen first, which continues with the token ({@link continueLogin}); otherwise
 * continues at once. The one place the email form, the phone form and the passkey button go through.
 *
 * @returns when the code was sent (or failed) and the modal moved on; at once when the captcha screen opens
 * @example
 * await startLogin(modal, { kind: 'email', email, landing: { email } })
 */
export function startLogin(modal: LoginStartContext, start: LoginStart): Promise<void> {
  trackSdkEvent(modal.client, sdkEvents.loginStarted, { method: loginStartMethod(start) })
  if (captchaRequired(modal.state)) {
    const history = modal.router.getHistory()
    const landing = start.kind === 'email' || start.kind === 'sms' ? start.landing : undefined
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
 * Continues a login start with the captcha token (when one was needed), then moves on: the code screen
 * (email, SMS), the passkey screen, the Telegram screen, or the OAuth status screen, with the landing (and what it keeps) below
 * for Back. For OAuth in popup mode the popup opens here, synchronously, so that a landing click keeps its
 * user activation (after the captcha screen it is usually blocked, and the flow falls back to a redirect). Failures: a
 * disallowed plus email returns to the landing with its inline error; `invalid_captcha` after the captcha
 * screen goes to the error screen above it (its button returns to the captcha screen, which runs a fresh
 * challenge: spec 01 §8 "captcha reset on click"); others go to the error screen above the landing. Called
 * on the landing, or on the captcha screen (which it replaces). Nothing moves when the user navigated away
 * meanwhile (Back, close).
 *
 * @param captchaToken - the token from the captcha screen; `undefined` when none was needed
 */
export async function continueLogin(
  modal: LoginStartContext,
  start: LoginStart,
  captchaToken: string | undefined,
): Promise<void> {
  const { client, router } = modal
  const history = router.getHistory()
  const viaCaptcha = history.at(-1)?.id === 'captcha'
  if (start.kind === 'oauth') {
    // No popup where the provider refuses this in-app browser: the status screen says so instead.
    const popup =
      (modal.config?.oauth?.mode ?? 'popup') === 'popup' && !oauthBlockedInAppBrowser(start.provider)
        ? openOAuthPopup()
        : null
    const params = { provider: start.provider, action: 'login' as const, popup, captchaToken }
    if (viaCaptcha) router.replace('oauthStatus', params)
    else router.push('oauthStatus', params)
    return
  }
  if (start.kind === 'telegram') {
    const params = { action: 'login' as const, captchaToken }
    if (viaCaptcha) router.replace('telegram', params)
    else router.push('telegram', params)
    return
  }
  if (start.kind === 'farcaster') {
    const params = { action: 'login' as const, captchaToken }
    if (viaCaptcha) router.replace('awaitingFarcaster', params)
    else router.push('awaitingFarcaster', params)
    return
  }
  if (start.kind === 'crossApp') {
    // In the click: the provider's popup opens with the user's activation.
    const popup = openOAuthPopup()
    const params = { appId: start.appId, action: 'login' as const, popup, captchaToken }
    if (viaCaptcha) router.replace('crossAppStatus', params)
    else router.push('crossAppStatus', params)
    return
  }
  if (start.kind === 'passkey') {
    if (viaCaptcha && captchaToken !== undefined) router.replace('awaitingPasskey', { captchaToken })
    else router.push('awaitingPasskey')
    return
  }

  const below = history.slice(0, viaCaptcha ? -2 : -1)
  const landing: Route<ScreenParamsMap> = { id: 'landing', params: start.landing }
  const moveOn = (...routes: Route<ScreenParamsMap>[]) => router.restore([...below, landing, ...routes])
  try {
    if (start.kind === 'email') await sendEmailCode(client, { email: start.email, captchaToken })
    else await sendSmsCode(client, { phoneNumber: start.phoneNumber, captchaToken })
  } catch (error) {
    // Refused by the cooldown of a code this page sent: that code still works (docs/sessions.md#resend-cooldown).
    const liveSince = sentAtOfLiveCode(client, start, error)
    if (liveSince !== null) {
      if (router.getHistory() === history) moveOn(codeScreen(start, liveSince))
      return
    }
    // The error table loads with the error screens, not with the landing (bundle budget, DESIGN.md "Budgets").
    const { errorOutcome } = await import('../../errors/errorOutcome')
    if (router.getHistory() !== history) return
    const info = toErrorInfo(error)
    const outcome = errorOutcome('sendCode', info)
    if (outcome.screen === 'landingPlusEmail' && start.kind === 'email')
      router.restore([
        ...below,
        { id: 'landing', params: { ...start.landing, inlineError: 'disallowed_plus_email' } },
      ])
    else if (outcome.resetsCaptcha && viaCaptcha) router.push('error', info)
    else moveOn({ id: 'error', params: info })
    return
  }
  recordCodeSent(client, start)
  if (router.getHistory() !== history) return
  moveOn(codeScreen(start, Date.now()))
}

/** The code screen for the address or number of `start`, its resend cooldown counted from `sentAt` (ms). */
function codeScreen(
  start: Extract<LoginStart, { kind: 'email' | 'sms' }>,
  sentAt: number,
): Route<ScreenParamsMap> {
  return {
    id: 'awaitingCode',
    params:
      start.kind === 'email' ? { email: start.email, sentAt } : { phoneNumber: start.phoneNumber, sentAt },
  }
}

/** The method a login start names in analytics (core's `sdkEvents`): `'email'`, `'google'`, `'privy:<appId>'` … */
function loginStartMethod(start: LoginStart): string {
  if (start.kind === 'oauth') return start.provider
  if (start.kind === 'crossApp') return `privy:${start.appId}`
  return start.kind
}
