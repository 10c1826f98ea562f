import { loginWithEmailCode, sendEmailCode } from '@foyer/core'
import { CODE_RESEND_COOLDOWN_SECONDS } from '@foyer/protocol'
import { useEffect, useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screens'
import { Button } from '../../../ui/Button'
import { CodeInput } from '../../../ui/CodeInput'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { Spinner } from '../../../ui/Spinner'
import { verifyErrorOutcome } from './verifyErrorOutcome'

/**
 * Awaiting-code screen (spec 01 §2 "Awaiting passwordless code", §4, §8): six digit boxes that submit
 * `loginWithEmailCode` on the sixth digit; a wrong code shows 'Invalid or expired verification code' and
 * clears the boxes; 'Resend code' sends a new code, then shows 'Code sent' for
 * `CODE_RESEND_COOLDOWN_SECONDS` (30 s). Other failures route per {@link verifyErrorOutcome}.
 */
export function AwaitingCode({ params }: ScreenProps<'awaitingCode'>) {
  const { client, router, messages } = useModal()
  const m = messages.awaitingCode
  const { email } = params
  const [attempt, setAttempt] = useState(0)
  const [verifying, setVerifying] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const [resending, setResending] = useState(false)
  const [cooldownUntil, setCooldownUntil] = useState(0)
  const isMounted = useIsMounted()
  const coolingDown = cooldownUntil > 0

  useEffect(() => {
    if (!cooldownUntil) return
    const timer = setTimeout(() => setCooldownUntil(0), Math.max(0, cooldownUntil - Date.now()))
    return () => clearTimeout(timer)
  }, [cooldownUntil])

  const verify = async (code: string) => {
    setVerifying(true)
    setError(undefined)
    try {
      await loginWithEmailCode(client, { email, code })
      if (isMounted()) router.replace('success')
    } catch (caught) {
      if (!isMounted()) return
      setVerifying(false)
      const info = toErrorInfo(caught)
      const outcome = verifyErrorOutcome(info)
      switch (outcome.kind) {
        case 'inline':
          setError(outcome.message(messages))
          setAttempt((n) => n + 1) // remount the boxes: cleared, first one focused
          return
        case 'error':
          router.push('error', info)
          return
        case 'landingPlusEmail':
          router.reset('landing', { email, inlineError: 'disallowed_plus_email' })
          return
        default:
          router.replace(outcome.kind)
      }
    }
  }

  const resend = async () => {
    if (resending || coolingDown) return
    setResending(true)
    try {
      await sendEmailCode(client, { email })
      if (!isMounted()) return
      setError(undefined)
      setAttempt((n) => n + 1)
      setCooldownUntil(Date.now() + CODE_RESEND_COOLDOWN_SECONDS * 1000)
    } catch (caught) {
      if (isMounted()) router.push('error', toErrorInfo(caught))
    } finally {
      if (isMounted()) setResending(false)
    }
  }

  return (
    <div className="foyer-screen">
      <ScreenHeader
        title={<ScreenTitle>{m.title}</ScreenTitle>}
        onBack={() => router.back()}
        backLabel={messages.modal.back}
      />
      <p className="foyer-text">{formatMessage(m.sentTo, { email })}</p>
      <CodeInput
        key={attempt}
        onComplete={verify}
        onEdit={() => setError(undefined)}
        disabled={verifying}
        error={error}
        groupLabel={m.codeLabel}
        digitLabel={(n, total) => formatMessage(m.digitLabel, { n, total })}
        numericErrorMessage={m.numericError}
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
        <span>{m.didntGet}</span>
        <Button variant="link" onClick={resend} busy={resending} disabled={coolingDown || verifying}>
          {m.resend}
        </Button>
        {coolingDown ? <span className="foyer-status-ok">{m.codeSent}</span> : null}
      </div>
    </div>
  )
}
