import { sendEmailCode, sendSmsCode } from '@foyer/core'
import { lazy } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import type { Route } from '../../../modal/router/createRouter'
import type { ScreenDefinition } from '../../../modal/ScreenDefinition'
import type { ScreenParamsMap } from '../../../modal/screenParams'
import type { LoginStartContext, LoginStartOf, LoginStep } from '../LoginMethod'

/** The code screen, which the email and the SMS methods share. */
export const awaitingCodeScreen: ScreenDefinition<'awaitingCode'> = {
  component: lazy(() => import('./AwaitingCode').then((m) => ({ default: m.AwaitingCode }))),
  title: (m) => m.awaitingCode.title,
  closable: true,
}

/**
 * Sends a login code by email or SMS (with the captcha token, when one was needed), then opens the code
 * screen above the landing, which keeps the typed address or number for Back. Failures: a disallowed plus
 * email returns to the landing with its inline error; `invalid_captcha` after the captcha screen goes to
 * the error screen above it (its button returns to the captcha screen, which runs a fresh challenge); others
 * go to the error screen above the landing. Nothing moves when the user navigated away meanwhile.
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
  try {
    if (start.kind === 'email') await sendEmailCode(client, { email: start.email, captchaToken })
    else await sendSmsCode(client, { phoneNumber: start.phoneNumber, captchaToken })
  } catch (error) {
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
  if (router.getHistory() !== history) return
  moveOn({
    id: 'awaitingCode',
    params:
      start.kind === 'email'
        ? { email: start.email, sentAt: Date.now() }
        : { phoneNumber: start.phoneNumber, sentAt: Date.now() },
  })
}
