import { sendEmailCode, sendSmsCode } from '@foyer/core'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import type { Route } from '../../../modal/router/createRouter'
import type { ScreenParamsMap } from '../../../modal/screenParams'
import { recordCodeSent, sentAtOfLiveCode } from '../codesSent'
import type { LoginStartContext, LoginStartOf, LoginStep } from '../LoginMethod'
import { awaitingCodeScreen } from './awaitingCodeScreen'
import type { AwaitingCodeParams } from './params'

// This method's screens and their params: the modal's `ScreenParamsMap` takes them from here.
declare module '../../../modal/screenParams' {
  interface LoginScreenParamsMap {
    awaitingCode: AwaitingCodeParams
  }
}

export { awaitingCodeScreen } from './awaitingCodeScreen'

/**
 * Sends a login code by email or SMS (with the captcha token, when one was needed), then opens the code
 * screen above the landing, which keeps the typed address or number for Back. Failures: a disallowed plus
 * email returns to the landing with its inline error; `invalid_captcha` after the captcha screen goes to
 * the error screen above it (its button returns to the captcha screen, which runs a fresh challenge); a
 * 429 for an address this page sent a live code to reopens its code screen (docs/sessions.md#resend-cooldown);
 * others go to the error screen above the landing. Nothing moves when the user navigated away meanwhile.
 * The code screen's code loads while the request is in flight and the move waits for it, so the code screen
 * shows at once, with no loading frame (docs/modal.md "Loading a screen").
 */
export async function sendLoginCode(
  modal: LoginStartContext,
  start: LoginStartOf<'email' | 'sms'>,
  step: LoginStep,
): Promise<void> {
  const { client, router } = modal
  const { history, viaCaptcha, captchaToken } = step
  const below = history.slice(0, viaCaptcha ? -2 : -1)
  const landing: Route<ScreenParamsMap> = { id: 'landing', params: start.landing }
  const moveOn = (...routes: Route<ScreenParamsMap>[]) => router.restore([...below, landing, ...routes])
  // A chunk that fails to load here fails again, visibly, when the screen renders.
  const screenReady = awaitingCodeScreen.component.preload().catch(() => {})
  try {
    if (start.kind === 'email') await sendEmailCode(client, { email: start.email, captchaToken })
    else await sendSmsCode(client, { phoneNumber: start.phoneNumber, captchaToken })
  } catch (error) {
    // Refused by the cooldown of a code this page sent: that code still works (docs/sessions.md#resend-cooldown).
    const liveSince = sentAtOfLiveCode(client, start, error)
    if (liveSince !== null) {
      await screenReady
      if (router.getHistory() === history) moveOn(codeScreen(start, liveSince))
      return
    }
    // The error table loads with the error screens, not with the landing (bundle budget).
    const { errorOutcome } = await import('../../../errors/errorOutcome')
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
  await screenReady
  if (router.getHistory() !== history) return
  moveOn(codeScreen(start, Date.now()))
}

/** The code screen for the address or number of `start`, its resend cooldown counted from `sentAt` (ms). */
function codeScreen(start: LoginStartOf<'email' | 'sms'>, sentAt: number): Route<ScreenParamsMap> {
  return {
    id: 'awaitingCode',
    params:
      start.kind === 'email' ? { email: start.email, sentAt } : { phoneNumber: start.phoneNumber, sentAt },
  }
}
