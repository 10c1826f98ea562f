import { linkPasskey, unlinkPasskey } from '@foyer/core'
import { initMfaEnrollment, isMfaRequired, submitMfaEnrollment, unenrollMfa } from '@foyer/core/mfa'
import { type MfaMethodType, PASSKEY_LIMIT, type PasskeyAccount } from '@foyer/protocol'
import { useState } from 'react'
import { formatMessage } from '../../i18n/formatMessage'
import { useModal } from '../../modal/ModalContext'
import type { PromptSettler } from '../../modal/prompts/PromptSettler'
import { ScreenTitle } from '../../modal/ScreenTitle'
import type { ScreenProps } from '../../modal/screenParams'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Chip } from '../../ui/Chip'
import { CopyButton } from '../../ui/CopyButton'
import { CheckIcon } from '../../ui/icons'
import { QrCode } from '../../ui/QrCode'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { MfaCodeEntry } from './MfaCodeEntry'
import { MfaVerify } from './MfaVerify'
import { mfaErrorText } from './mfaErrorText'

type Step =
  | { kind: 'intro' }
  | { kind: 'choose' }
  | { kind: 'confirmRemove'; method: MfaMethodType }
  | { kind: 'verifyFirst'; retry: () => Promise<void> }
  | { kind: 'totpEnroll'; secret: string; authUrl: string }
  | { kind: 'totpVerify'; secret: string; authUrl: string }
  | { kind: 'smsPhone' }
  | { kind: 'smsCode'; phoneNumber: string }
  | { kind: 'passkeys'; showAll: boolean }
  | { kind: 'added'; method: MfaMethodType }

const ORDER: MfaMethodType[] = ['totp', 'sms', 'passkey']

/**
 * MFA enrolment (docs/modal.md "MFA"): the transaction-protection intro; 'Choose a verification method'
 * with Authenticator app ('Recommended'), SMS and Passkey — the app's methods only — each enabled one with
 * 'Enabled' and a remove button (with a confirmation), not pickable again; SMS 'Disabled' for a user who
 * signs in with SMS. Authenticator app: QR code of the auth URL + copyable secret + Continue, then the 6
 * digits, then 'Authenticator app verification added' and Done (Back: verify → enroll → choose). SMS: the
 * consent text and number, 'Enter enrollment code', 'SMS verification added'. Passkey: create one when there
 * is none, then 'Your passkeys' (3 shown, or 2 and 'View all' when more than 3; add only under 5), 'Passkey
 * verification added'. When a factor is enrolled the server wants a fresh verification first
 * (docs/security.md property 16): the verification screens show in place, then the step is retried.
 */
export function MfaEnrollment({ params }: ScreenProps<'mfaEnrollment'>) {
  const { client, messages, format, state, appName, close } = useModal()
  const m = messages.mfa
  const user = state.user
  const enabled = new Set((user?.mfa_methods ?? []).map((method) => method.type))
  const offered = ORDER.filter((method) => (state.appConfig?.mfa_methods ?? ORDER).includes(method))
  const signsInWithSms = Boolean(user?.linked_accounts.some((account) => account.type === 'phone'))
  const [step, setStep] = useState<Step>({ kind: enabled.size > 0 ? 'choose' : 'intro' })
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const [phone, setPhone] = useState('')

  /** Runs `action`; a refusal for want of a fresh verification shows the verification, then retries. */
  const guarded = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true)
    setError(undefined)
    try {
      await action()
    } catch (caught) {
      if (isMfaRequired(caught) && enabled.size > 0)
        setStep({ kind: 'verifyFirst', retry: () => guarded(action) })
      else setError(mfaErrorText(caught, messages).text)
    } finally {
      setBusy(false)
    }
  }

  const startTotp = () =>
    guarded(async () => {
      const reply = await initMfaEnrollment(client, { method: 'totp' })
      setStep({ kind: 'totpEnroll', secret: reply.secret ?? '', authUrl: reply.authUrl ?? '' })
    })

  const back = (to: Step) => () => {
    setError(undefined)
    setStep(to)
  }
  const done = () => {
    params.settle.resolve(undefined)
    close()
  }
  const header = (title: string, onBack?: () => void) => (
    <ScreenHeader
      title={<ScreenTitle>{title}</ScreenTitle>}
      {...(onBack ? { onBack, backLabel: messages.modal.back } : {})}
    />
  )
  const errorLine = error ? <Alert>{error}</Alert> : null
  /** The 6-digit step of an authenticator-app or SMS enrolment; an accepted code shows 'added'. */
  const codeStep = (props: {
    method: 'totp' | 'sms'
    title: string
    detail: string
    onBack: () => void
    submit(code: string): Promise<unknown>
  }) => (
    <div className="foyer-screen">
      {header(props.title, props.onBack)}
      <p className="foyer-text">{props.detail}</p>
      <MfaCodeEntry
        submit={async (code) => {
          await props.submit(code)
        }}
        onDone={() => setStep({ kind: 'added', method: props.method })}
      />
    </div>
  )

  switch (step.kind) {
    case 'intro':
      return (
        <div className="foyer-screen">
          {header(m.introTitle)}
          <p className="foyer-text">{m.introDetail}</p>
          <Button block onClick={() => setStep({ kind: 'choose' })}>
            {m.introContinue}
          </Button>
        </div>
      )
    case 'verifyFirst': {
      const settle: PromptSettler<undefined> = {
        resolve: () => void step.retry(),
        reject: () => setStep({ kind: 'choose' }),
        settled: false,
      }
      return <MfaVerify params={{ methods: ORDER.filter((method) => enabled.has(method)), settle }} />
    }
    case 'choose':
      return (
        <div className="foyer-screen">
          {header(m.chooseTitle)}
          {offered.map((method) => {
            const isEnabled = enabled.has(method)
            const isDisabled = method === 'sms' && signsInWithSms && !isEnabled
            return (
              <div key={method} className="foyer-method-row" data-mfa-method={method}>
                <Button
                  variant="secondary"
                  block
                  disabled={isEnabled || isDisabled || busy}
                  onClick={() => {
                    if (method === 'totp') void startTotp()
                    else if (method === 'sms') setStep({ kind: 'smsPhone' })
                    else setStep({ kind: 'passkeys', showAll: false })
                  }}
                >
                  {m[method]}
                </Button>
                <span className="foyer-method-meta">
                  {method === 'totp' && !isEnabled ? <Chip>{m.recommended}</Chip> : null}
                  {isEnabled ? <Chip>{m.enabled}</Chip> : null}
                  {isDisabled ? <Chip>{m.disabled}</Chip> : null}
                  {isEnabled ? (
                    <Button variant="link" onClick={() => setStep({ kind: 'confirmRemove', method })}>
                      {m.remove}
                    </Button>
                  ) : null}
                </span>
              </div>
            )
          })}
          {errorLine}
          <Button variant="link" onClick={done}>
            {m.done}
          </Button>
        </div>
      )
    case 'confirmRemove':
      return (
        <div className="foyer-screen">
          {header(formatMessage(m.removeConfirm, { method: m[step.method] }), back({ kind: 'choose' }))}
          {errorLine}
          <Button
            block
            busy={busy}
            onClick={() =>
              guarded(async () => {
                await unenrollMfa(client, { method: step.method })
                setStep({ kind: 'choose' })
              })
            }
          >
            {m.removeConfirmButton}
          </Button>
          <Button variant="link" onClick={back({ kind: 'choose' })}>
            {m.cancel}
          </Button>
        </div>
      )
    case 'totpEnroll':
      return (
        <div className="foyer-screen">
          {header(m.totpEnrollTitle, back({ kind: 'choose' }))}
          <p className="foyer-text">{m.totpEnrollDetail}</p>
          <QrCode value={step.authUrl} label={m.qrLabel} size={160} ecc="Q" />
          <div className="foyer-row">
            <span>{m.secretLabel}</span>
            <code data-testid="mfa-totp-secret">{step.secret}</code>
            <CopyButton text={step.secret} label={m.copy} copiedLabel={m.copied} feedbackMs={1500} />
          </div>
          <Button block onClick={() => setStep({ ...step, kind: 'totpVerify' })}>
            {m.continue}
          </Button>
        </div>
      )
    case 'totpVerify':
      return codeStep({
        method: 'totp',
        title: m.totpVerifyTitle,
        detail: m.totpVerifyDetail,
        onBack: back({ ...step, kind: 'totpEnroll' }),
        submit: (code) => submitMfaEnrollment(client, { method: 'totp', code }),
      })
    case 'smsPhone':
      return (
        <form
          className="foyer-screen"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void guarded(async () => {
              await initMfaEnrollment(client, { method: 'sms', phoneNumber: phone })
              setStep({ kind: 'smsCode', phoneNumber: phone })
            })
          }}
        >
          {header(m.smsEnrollTitle, back({ kind: 'choose' }))}
          <div className="foyer-field">
            <input
              className="foyer-input"
              type="tel"
              autoComplete="tel"
              aria-label={m.sms}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          </div>
          <p className="foyer-text">{formatMessage(m.smsConsent, { app: appName })}</p>
          {errorLine}
          <Button type="submit" block busy={busy} disabled={phone.trim() === ''}>
            {m.continue}
          </Button>
        </form>
      )
    case 'smsCode':
      return codeStep({
        method: 'sms',
        title: m.smsCodeTitle,
        detail: formatMessage(m.smsCodeDetail, { phone: step.phoneNumber }),
        onBack: back({ kind: 'smsPhone' }),
        submit: (code) => submitMfaEnrollment(client, { method: 'sms', code, phoneNumber: step.phoneNumber }),
      })
    case 'passkeys': {
      const passkeys = (user?.linked_accounts ?? []).filter(
        (account): account is PasskeyAccount => account.type === 'passkey',
      )
      const shown = step.showAll || passkeys.length <= 3 ? passkeys : passkeys.slice(0, 2)
      const add = () =>
        guarded(async () => {
          await linkPasskey(client)
        })
      if (passkeys.length === 0)
        return (
          <div className="foyer-screen">
            {header(m.passkey, back({ kind: 'choose' }))}
            <p className="foyer-text">{m.passkeyCreateDetail}</p>
            {errorLine}
            <Button block busy={busy} onClick={add}>
              {m.createPasskey}
            </Button>
          </div>
        )
      return (
        <div className="foyer-screen">
          {header(m.passkeyListTitle, back({ kind: 'choose' }))}
          <ul className="foyer-list">
            {shown.map((passkey) => (
              <li key={passkey.credential_id} className="foyer-row">
                <span>
                  {passkey.authenticator_name ??
                    passkey.created_with_browser ??
                    messages.passkey.unknownDevice}
                </span>
                <span>
                  {formatMessage(m.lastUsed, {
                    date: format.dateTime(passkey.latest_verified_at ?? passkey.verified_at),
                  })}
                </span>
                <Button
                  variant="link"
                  onClick={() =>
                    guarded(async () => {
                      await unlinkPasskey(client, { credentialId: passkey.credential_id })
                    })
                  }
                >
                  {m.deletePasskey}
                </Button>
              </li>
            ))}
          </ul>
          {shown.length < passkeys.length ? (
            <Button variant="link" onClick={() => setStep({ kind: 'passkeys', showAll: true })}>
              {m.viewAll}
            </Button>
          ) : null}
          {passkeys.length < PASSKEY_LIMIT ? (
            <Button variant="secondary" block busy={busy} onClick={add}>
              {m.addPasskey}
            </Button>
          ) : null}
          {errorLine}
          <Button
            block
            busy={busy}
            onClick={() =>
              guarded(async () => {
                await submitMfaEnrollment(client, {
                  method: 'passkey',
                  credentialIds: passkeys.map((passkey) => passkey.credential_id),
                })
                setStep({ kind: 'added', method: 'passkey' })
              })
            }
          >
            {m.usePasskeys}
          </Button>
        </div>
      )
    }
    case 'added': {
      const title = { totp: m.totpAdded, sms: m.smsAdded, passkey: m.passkeyAdded }[step.method]
      return (
        <div className="foyer-screen">
          <div className="foyer-icon-circle" data-tone="success" data-testid="mfa-added-icon">
            <CheckIcon />
          </div>
          {header(title)}
          <Button block onClick={done}>
            {m.done}
          </Button>
        </div>
      )
    }
  }
}
