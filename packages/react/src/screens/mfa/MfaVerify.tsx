import { MfaError, sendMfaSmsCode, verifyMfa, verifyMfaWithPasskey } from '@foyer/core/mfa'
import type { MfaMethodType } from '@foyer/protocol'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useIsMounted } from '../../hooks/useIsMounted'
import { formatMessage } from '../../i18n/formatMessage'
import { useModal } from '../../modal/ModalContext'
import { ScreenTitle } from '../../modal/ScreenTitle'
import type { ScreenProps } from '../../modal/screenParams'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { Spinner } from '../../ui/Spinner'
import { MfaCodeEntry } from './MfaCodeEntry'
import { mfaErrorText } from './mfaErrorText'

// Only with a wallet prompt open, whose screens already loaded the wallet code it formats with: its own chunk,
// so the verification and enrolment screens do not load that code.
const PendingTransaction = lazy(() =>
  import('./PendingTransaction').then((module) => ({ default: module.PendingTransaction })),
)

/**
 * Verification (docs/modal.md "Verification"): with several factors, 'Verify your identity' / 'Choose a
 * verification method' lists only the user's; the authenticator and SMS screens take 6 digits (SMS sends its
 * code first), the passkey screen 'Verifying with passkey' starts by itself and shows when the passkey was
 * added and, when a transaction is being approved, its summary (To, Amount, Network; a Solana one's Total
 * and cluster). 'Choose another method' (more than one factor) and 'Not now' ('MFA canceled'). Success resolves the
 * prompt; errors keep the screen.
 */
export function MfaVerify({ params }: ScreenProps<'mfaVerify'>) {
  const { client, messages, format, state } = useModal()
  const m = messages.mfa
  const { methods, settle } = params
  const [method, setMethod] = useState<MfaMethodType | undefined>(
    methods.length === 1 ? methods[0] : undefined,
  )
  const cancel = () => settle.reject(new MfaError('mfa_canceled'))
  const footer = (
    <div className="foyer-row">
      {methods.length > 1 && method ? (
        <Button variant="link" onClick={() => setMethod(undefined)}>
          {m.chooseAnother}
        </Button>
      ) : null}
      <Button variant="link" onClick={cancel}>
        {m.notNow}
      </Button>
    </div>
  )
  const header = (
    <ScreenHeader
      title={<ScreenTitle>{m.verifyTitle}</ScreenTitle>}
      {...(method && methods.length > 1
        ? { onBack: () => setMethod(undefined), backLabel: messages.modal.back }
        : {})}
    />
  )

  if (!method)
    return (
      <div className="foyer-screen">
        {header}
        <p className="foyer-text">{m.verifyChoose}</p>
        {methods.map((candidate) => (
          <Button key={candidate} block variant="secondary" onClick={() => setMethod(candidate)}>
            {m[candidate]}
          </Button>
        ))}
        {footer}
      </div>
    )

  if (method === 'passkey') {
    const enrolled = state.user?.linked_accounts.find(
      (account) => account.type === 'passkey' && account.enrolled_in_mfa,
    )
    const addedOn = enrolled ? format.date(enrolled.verified_at) : undefined
    return (
      <div className="foyer-screen">
        {header}
        <PasskeyVerification
          verify={() => verifyMfaWithPasskey(client)}
          onDone={() => settle.resolve(undefined)}
          title={m.verifyingPasskey}
          detail={addedOn ? formatMessage(m.passkeyAddedOn, { date: addedOn }) : undefined}
        />
        {params.pending ? (
          <Suspense fallback={null}>
            <PendingTransaction prompt={params.pending} />
          </Suspense>
        ) : null}
        {footer}
      </div>
    )
  }

  return (
    <div className="foyer-screen">
      {header}
      <p className="foyer-text">{method === 'sms' ? m.smsVerifyDetail : m.totpVerifyDetail}</p>
      {method === 'sms' ? <SendSmsOnce send={() => sendMfaSmsCode(client)} /> : null}
      <MfaCodeEntry
        key={method}
        submit={(code) => verifyMfa(client, { method, code })}
        onDone={() => settle.resolve(undefined)}
      />
      {footer}
    </div>
  )
}

/** Sends the SMS verification code once when shown; shows a failure. */
function SendSmsOnce({ send }: { send(): Promise<void> }) {
  const { messages } = useModal()
  const [error, setError] = useState<string | undefined>(undefined)
  const sent = useRef(false)
  const isMounted = useIsMounted()
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    send().catch((caught) => {
      if (isMounted()) setError(mfaErrorText(caught, messages).text)
    })
  }, [send, messages, isMounted])
  return error ? <Alert>{error}</Alert> : null
}

/** 'Verifying with passkey': starts by itself; on failure shows the error and 'Try again'. */
function PasskeyVerification(props: {
  verify(): Promise<void>
  onDone(): void
  title: string
  detail: string | undefined
}) {
  const { messages } = useModal()
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string | undefined>(undefined)
  const isMounted = useIsMounted()
  const latest = useRef({ props, messages, isMounted })
  latest.current = { props, messages, isMounted }
  // One ceremony per attempt, even when effects run twice (React strict mode): a second ceremony would
  // replace the server's challenge under the first one.
  const started = useRef(-1)
  useEffect(() => {
    if (started.current === attempt) return
    started.current = attempt
    const { props: current, messages: texts, isMounted: mounted } = latest.current
    setError(undefined)
    current.verify().then(
      () => mounted() && current.onDone(),
      (caught) => mounted() && setError(mfaErrorText(caught, texts).text),
    )
  }, [attempt])
  return (
    <>
      <p className="foyer-text">{props.title}</p>
      {props.detail ? <p className="foyer-text">{props.detail}</p> : null}
      {error ? (
        <>
          <Alert>{error}</Alert>
          <Button block onClick={() => setAttempt((n) => n + 1)}>
            {messages.mfa.tryAgain}
          </Button>
        </>
      ) : (
        <Spinner />
      )}
    </>
  )
}
