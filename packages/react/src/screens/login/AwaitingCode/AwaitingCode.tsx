import {
  type FoyerClient,
  linkEmail,
  linkPhone,
  loginWithEmailCode,
  loginWithSmsCode,
  maskPhoneNumber,
  sendEmailCode,
  sendSmsCode,
  updateEmail,
  updatePhone,
} from '@foyer/core'
import { toAccountTransfer } from '@foyer/core/account-transfer'
import type { AuthMode, User } from '@foyer/protocol'
import { CODE_ERROR_RESET_MS, CODE_MAX_ATTEMPTS, CODE_RESEND_COOLDOWN_SECONDS } from '@foyer/protocol'
import { useEffect, useState } from 'react'
import { captchaRequired } from '../../../captcha/captchaRequired'
import { useCaptcha } from '../../../captcha/useCaptcha'
import { errorOutcome } from '../../../errors/errorOutcome'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../modal/screenParams'
import { signInMode } from '../../../modal/signInMode'
import { Button } from '../../../ui/Button'
import { CodeInput } from '../../../ui/CodeInput'
import { Spinner } from '../../../ui/Spinner'
import { successScreen } from '../../Success/successScreen'
import type { AwaitingCodeParams } from './params'

/** Sends the code again to the screen's address or number (with a fresh captcha token when one is needed). */
function resendCode(
  client: FoyerClient,
  params: AwaitingCodeParams,
  captchaToken: string | undefined,
): Promise<void> {
  return params.phoneNumber !== undefined
    ? sendSmsCode(client, { phoneNumber: params.phoneNumber, captchaToken })
    : sendEmailCode(client, { email: params.email, captchaToken })
}

/**
 * Verifies the code: signs in (email or SMS), or in link mode links the address or number, or replaces the
 * linked number. Resolves with the user when the code linked (`undefined` for a sign-in).
 */
async function verifyCode(
  client: FoyerClient,
  params: AwaitingCodeParams,
  code: string,
  mode: AuthMode,
): Promise<User | undefined> {
  const { flow } = params
  if (params.phoneNumber !== undefined) {
    const phoneNumber = params.phoneNumber
    if (flow?.kind === 'update')
      return updatePhone(client, { oldPhoneNumber: flow.oldPhoneNumber, newPhoneNumber: phoneNumber, code })
    if (flow?.kind === 'link') return (await linkPhone(client, { phoneNumber, code })).user
    await loginWithSmsCode(client, { phoneNumber, code, mode })
    return undefined
  }
  if (flow?.kind === 'updateEmail')
    return updateEmail(client, { oldAddress: flow.oldAddress, newAddress: params.email, code })
  if (flow?.kind === 'link') return (await linkEmail(client, { email: params.email, code })).user
  await loginWithEmailCode(client, { email: params.email, code, mode })
  return undefined
}

/** How long 'Code sent' shows after a send, in ms. */
export const CODE_SENT_FEEDBACK_MS = 3000

/**
 * Awaiting-code screen (docs/modal.md "Awaiting passwordless code", docs/errors.md) for an email address or a
 * phone number (masked to its last 4 characters, docs/limits.md): six digit boxes that submit on the sixth
 * digit — `loginWithEmailCode` / `loginWithSmsCode`, or in link mode `linkEmail` / `linkPhone` /
 * `updateEmail` / `updatePhone`,
 * answering the link flow with the user. A wrong code shows 'Invalid or expired verification code' and
 * clears the boxes `CODE_ERROR_RESET_MS` (1.4 s) later (docs/modal.md); after `CODE_MAX_ATTEMPTS` (5) wrong
 * codes the code is dead on the server, and the screen says a new code is needed. The resend cooldown
 * (`CODE_RESEND_COOLDOWN_SECONDS`, 30 s, docs/modal.md, docs/limits.md) starts at the first send
 * (`params.sentAt`): meanwhile 'Resend code' is disabled and counts down, and 'Code sent' shows for its first
 * 3 s (`CODE_SENT_FEEDBACK_MS`); after 5 wrong codes the hint says in how many seconds a new code can be had
 * while the countdown runs, and to resend once it is over; a resend answered 429 stays on
 * this screen with 'Too many attempts.' and a fresh cooldown. When the app has a captcha and nobody is signed in, the resend
 * carries a fresh token from an invisible widget (a token is single use; docs/modal.md), whose failure goes
 * to the error screen. Other failures route per the error table's `verifyCode` flow (`errorOutcome`).
 */
export function AwaitingCode({ params }: ScreenProps<'awaitingCode'>) {
  const modal = useModal()
  const { client, router, messages, state, typeahead } = modal
  const m = messages.awaitingCode
  const needsCaptcha = captchaRequired(state)
  const captcha = useCaptcha()
  const { email, phoneNumber, flow } = params
  const [attempt, setAttempt] = useState(0)
  const [verifying, setVerifying] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const [resending, setResending] = useState(false)
  const [resendError, setResendError] = useState<string | undefined>(undefined)
  const [sentAt, setSentAt] = useState(() => params.sentAt ?? Date.now())
  const [now, setNow] = useState(() => Date.now())
  const [wrongCodes, setWrongCodes] = useState(0)
  const [clearing, setClearing] = useState(false)
  // Digits typed or pasted while this screen's code loaded go into the boxes.
  const [typedWhileLoading] = useState(typeahead)
  const isMounted = useIsMounted()
  const secondsLeft = Math.max(0, Math.ceil((sentAt + CODE_RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000))
  const coolingDown = secondsLeft > 0
  // 'Code sent' is feedback on the send, not a state: it shows for CODE_SENT_FEEDBACK_MS after it.
  const justSent = now - sentAt < CODE_SENT_FEEDBACK_MS
  // After 5 wrong codes the code is dead: the hint says when a new one can be had, then to resend.
  const shownError =
    error !== undefined && wrongCodes >= CODE_MAX_ATTEMPTS
      ? coolingDown
        ? formatMessage(messages.polish.newCodeNeededIn, { seconds: secondsLeft })
        : messages.polish.newCodeNeeded
      : error

  // The success screen comes next: its code loads now, not after the right code (a failed chunk fails
  // again, visibly, when rendered).
  useEffect(() => {
    successScreen.component.preload().catch(() => {})
  }, [])

  useEffect(() => {
    if (!coolingDown) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [coolingDown])

  // A wrong code stays in the boxes with its error for CODE_ERROR_RESET_MS, then the boxes clear
  // (docs/modal.md).
  useEffect(() => {
    if (!clearing) return
    const timer = setTimeout(() => {
      setClearing(false)
      setAttempt((n) => n + 1) // remount the boxes: cleared, first one focused
    }, CODE_ERROR_RESET_MS)
    return () => clearTimeout(timer)
  }, [clearing])

  const verify = async (code: string) => {
    setVerifying(true)
    setError(undefined)
    try {
      // The last digit: 'Success!' loads (if it has not yet) while the code is verified.
      const successReady = successScreen.component.preload().catch(() => {})
      const user = await verifyCode(client, params, code, signInMode(modal))
      if (flow && user) flow.settle.resolve(user)
      await successReady
      if (isMounted())
        router.replace('success', flow ? { detail: flow.kind === 'link' ? 'linked' : 'updated' } : undefined)
    } catch (caught) {
      if (!isMounted()) return
      setVerifying(false)
      // docs/errors.md: account transfer required (with a nonce) goes to the link conflict screen.
      const transfer =
        flow?.kind === 'link'
          ? toAccountTransfer(
              caught,
              phoneNumber !== undefined
                ? { linkMethod: 'sms', account: phoneNumber }
                : { linkMethod: 'email', account: email },
            )
          : null
      if (transfer && flow) {
        router.replace('accountTransfer', { transfer, settle: flow.settle })
        return
      }
      const info = toErrorInfo(caught)
      const outcome = errorOutcome('verifyCode', info)
      if (outcome.kind === 'inline') {
        const wrong = info.code === 'invalid_credentials' ? wrongCodes + 1 : wrongCodes
        setWrongCodes(wrong)
        setError(wrong >= CODE_MAX_ATTEMPTS ? messages.polish.newCodeNeeded : outcome.text(messages))
        setClearing(true)
        return
      }
      switch (outcome.screen) {
        case 'error':
          router.push('error', info)
          return
        case 'landingPlusEmail':
          if (flow || email === undefined) router.back()
          else router.reset('landing', { email, inlineError: 'disallowed_plus_email' })
          return
        default:
          router.replace(outcome.screen)
      }
    }
  }

  const resend = async () => {
    if (resending || coolingDown) return
    setResending(true)
    setResendError(undefined)
    try {
      await resendCode(client, params, needsCaptcha ? await captcha.getToken() : undefined)
      if (!isMounted()) return
      setError(undefined)
      setWrongCodes(0)
      setAttempt((n) => n + 1)
      setSentAt(Date.now())
      setNow(Date.now())
    } catch (caught) {
      if (!isMounted()) return
      const info = toErrorInfo(caught)
      // The first code is still valid: a rate-limited resend keeps the user here (docs/modal.md).
      if (info.code === 'too_many_requests' || info.status === 429) {
        setResendError(messages.error.tooManyAttempts)
        setSentAt(Date.now())
        setNow(Date.now())
      } else router.push('error', info)
    } finally {
      if (isMounted()) setResending(false)
    }
  }

  return (
    <div className="foyer-screen">
      <ModalScreenHeader title={m.title} onBack={router.back} />
      <p className="foyer-text">
        {phoneNumber !== undefined
          ? formatMessage(m.sentToPhone, { phone: maskPhoneNumber(phoneNumber) })
          : formatMessage(m.sentTo, { email })}
      </p>
      <CodeInput
        key={attempt}
        onComplete={verify}
        onEdit={() => setError(undefined)}
        disabled={verifying || clearing}
        error={shownError}
        groupLabel={m.codeLabel}
        digitLabel={(n, total) => formatMessage(m.digitLabel, { n, total })}
        numericErrorMessage={m.numericError}
        initialText={attempt === 0 ? typedWhileLoading : undefined}
      />
      <div className="foyer-row" role="status" aria-live="polite">
        {verifying ? (
          <>
            <Spinner />
            <span>{m.verifying}</span>
          </>
        ) : null}
      </div>
      <div className="foyer-row">
        <span>{phoneNumber !== undefined ? m.didntGetMessage : m.didntGet}</span>
        <Button variant="link" onClick={resend} busy={resending} disabled={coolingDown || verifying}>
          {coolingDown ? formatMessage(messages.polish.resendIn, { seconds: secondsLeft }) : m.resend}
        </Button>
        {coolingDown && justSent && !resendError ? (
          <span className="foyer-status-ok">{m.codeSent}</span>
        ) : null}
      </div>
      {resendError ? (
        <p className="foyer-error-text" role="alert">
          {resendError}
        </p>
      ) : null}
      {needsCaptcha ? <div ref={captcha.containerRef} className="foyer-captcha" /> : null}
    </div>
  )
}
