import { isValidEmail, sendEmailCode } from '@foyer/core'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { ModalLogo } from '../../../modal/ModalLogo'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import { preloadEmailScreens, type ScreenProps } from '../../../modal/screens'
import { Button } from '../../../ui/Button'

/**
 * Landing screen (spec 01 §2 "Landing", §5): logo, header ('Log in or sign up' or `landingHeader`),
 * optional `loginMessage`, and the email form. Submit stays disabled until `isValidEmail(email)`; Enter
 * submits. Sending shows a busy button; `disallowed_plus_email` shows an inline error that clears on
 * edit; other failures go to the error screen (Back returns here). When the app has `passkey_auth`, an
 * 'I have a passkey' link opens the awaiting-passkey screen.
 */
export function Landing({ params }: ScreenProps<'landing'>) {
  const { client, config, router, messages, state } = useModal()
  const m = messages.landing
  const [email, setEmail] = useState(params?.email ?? '')
  const [sending, setSending] = useState(false)
  const [plusError, setPlusError] = useState(params?.inlineError === 'disallowed_plus_email')
  const inputRef = useRef<HTMLInputElement>(null)
  const isMounted = useIsMounted()
  const inputId = useId()
  const errorId = useId()
  const valid = isValidEmail(email)

  useEffect(() => {
    inputRef.current?.focus()
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!valid || sending) return
    const address = email.trim()
    setSending(true)
    preloadEmailScreens()
    try {
      await sendEmailCode(client, { email: address })
      if (!isMounted()) return
      router.replace('landing', { email: address }) // Back to landing keeps the address
      router.push('awaitingCode', { email: address })
    } catch (error) {
      if (!isMounted()) return
      setSending(false)
      const info = toErrorInfo(error)
      if (info.code === 'disallowed_plus_email') setPlusError(true)
      else {
        router.replace('landing', { email: address })
        router.push('error', info)
      }
    }
  }

  const appearance = config?.appearance
  return (
    <div className="foyer-screen">
      <ModalLogo />
      <div className="foyer-header">
        <ScreenTitle>{appearance?.landingHeader || m.header}</ScreenTitle>
      </div>
      {appearance?.loginMessage ? <p className="foyer-text">{appearance.loginMessage}</p> : null}
      <form className="foyer-field" noValidate onSubmit={submit} aria-busy={sending || undefined}>
        <label htmlFor={inputId} className="foyer-sr-only">
          {m.emailLabel}
        </label>
        <div className="foyer-input-row" data-invalid={plusError || undefined}>
          <input
            ref={inputRef}
            id={inputId}
            className="foyer-input"
            type="email"
            name="email"
            autoComplete="email"
            placeholder={m.emailPlaceholder}
            value={email}
            readOnly={sending}
            aria-invalid={plusError || undefined}
            aria-describedby={plusError ? errorId : undefined}
            onChange={(event) => {
              setEmail(event.target.value)
              setPlusError(false)
            }}
          />
          <Button type="submit" disabled={!valid} busy={sending}>
            {m.submit}
          </Button>
        </div>
        {plusError ? (
          <p id={errorId} className="foyer-error-text" role="alert">
            {m.plusEmailError}
          </p>
        ) : null}
      </form>
      {state.appConfig?.passkey_auth ? (
        <Button variant="link" onClick={() => router.push('awaitingPasskey')}>
          {messages.passkey.landingLink}
        </Button>
      ) : null}
      <p className="foyer-footer">{messages.modal.protectedBy}</p>
    </div>
  )
}
