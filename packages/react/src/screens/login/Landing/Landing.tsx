import { getRecentLoginMethod, isValidEmail, type RecentLoginMethod } from '@foyer/core'
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import type { FoyerLoginMethod } from '../../../FoyerProvider/FoyerConfig'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ModalLogo } from '../../../modal/ModalLogo'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import { preloadEmailScreens, preloadOAuthScreens, type ScreenProps } from '../../../modal/screens'
import { Button } from '../../../ui/Button'
import { Chip } from '../../../ui/Chip'
import { OAuthProviderIcon } from '../../../ui/OAuthProviderIcon'
import { oauthProviderName } from '../oauthProviderName'
import { startLogin } from '../startLogin'
import { enabledOAuthProviders } from './enabledOAuthProviders'

/** The phone form, loaded lazily: it carries libphonenumber-js (bundle budget: landing ≤ 50 kB gzip). */
const PhoneForm = lazy(() => import('../PhoneForm/PhoneForm').then((m) => ({ default: m.PhoneForm })))

/**
 * Landing screen (spec 01 §2 "Landing", §5): logo, header ('Log in or sign up' or `landingHeader`),
 * optional `loginMessage`, and the email form. Submit stays disabled until `isValidEmail(email)`; Enter
 * submits. Sending shows a busy button; `disallowed_plus_email` shows an inline error that clears on
 * edit; other failures go to the error screen (Back returns here). When the app has `sms_auth` (and
 * `config.loginMethods`, if set, lists 'sms'), the phone form follows (lazily loaded, see `PhoneForm`): its
 * E.164 number gets a texted code, then the code screen; a refused region shows the region error screen
 * ('Try another method' returns here). Then a 'Continue with Google' (…) button per OAuth provider the app has
 * on, each with its icon, in `config.loginMethods`' order ({@link enabledOAuthProviders}); a click goes
 * through `startLogin` to the OAuth status screen (popup, or full-page redirect per `config.oauth.mode`).
 * When the app has `wallet_auth` or `solana_wallet_auth`, 'Continue
 * with a wallet' opens the wallet list; when it has `passkey_auth`, an 'I have a passkey' link opens the
 * awaiting-passkey screen. Each method shows only if `config.loginMethods` is unset or lists it ('email',
 * 'sms', 'wallet', 'passkey'; spec 01 §3). Email, SMS and passkey go through `startLogin`: when the app
 * has `captcha_enabled` and nobody is signed in, the captcha screen comes first (spec 01 §4).
 *
 * A 'Recent' chip marks the method of the last successful sign-in in this browser (spec 01 §2; core
 * `getRecentLoginMethod`): beside the email or phone Submit, or inside the wallet button, or beside the
 * passkey link. The chip is the control's accessible description (`aria-describedby`), so its name stays.
 */
export function Landing({ params }: ScreenProps<'landing'>) {
  const modal = useModal()
  const { config, router, messages, state } = modal
  const m = messages.landing
  const [email, setEmail] = useState(params?.email ?? '')
  const [sending, setSending] = useState(false)
  const [plusError, setPlusError] = useState(params?.inlineError === 'disallowed_plus_email')
  const inputRef = useRef<HTMLInputElement>(null)
  const isMounted = useIsMounted()
  const inputId = useId()
  const errorId = useId()
  const valid = isValidEmail(email)
  const methods = config?.loginMethods
  const allows = (method: FoyerLoginMethod) => !methods || methods.includes(method)
  const app = state.appConfig
  const showEmail = app?.email_auth !== false && allows('email')
  const showSms = app?.sms_auth === true && allows('sms')
  const showWallet = (app?.wallet_auth === true || app?.solana_wallet_auth === true) && allows('wallet')
  const showPasskey = app?.passkey_auth === true && allows('passkey')
  const oauthButtons = enabledOAuthProviders(app, methods)
  const [recent, setRecent] = useState<RecentLoginMethod | null>(null)
  const recentId = useId()
  const [sendingSms, setSendingSms] = useState(false)

  // `startLogin` comes back here with the inline error (spec 01 §8: disallowed plus email).
  useEffect(() => {
    setPlusError(params?.inlineError === 'disallowed_plus_email')
  }, [params])

  // Spec 01 §4 "Starting a login" (SMS): send the code, then the code screen; failures (e.g.
  // `region_not_supported`) go to the error screen, whose button comes back here.
  const submitPhone = async (phoneNumber: string) => {
    if (sendingSms) return
    setSendingSms(true)
    preloadEmailScreens()
    await startLogin(modal, { kind: 'sms', phoneNumber, landing: { email, phoneNumber } })
    if (isMounted()) setSendingSms(false)
  }

  useEffect(() => {
    inputRef.current?.focus()
  }, [])

  // Spec 01 §2: the 'Recent' badge. Read once per client; a later sign-in closes the modal anyway.
  useEffect(() => {
    let live = true
    void getRecentLoginMethod(modal.client).then((method) => {
      if (live) setRecent(method)
    })
    return () => {
      live = false
    }
  }, [modal.client])
  const recentChip = (method: RecentLoginMethod, hidden?: boolean) =>
    recent === method ? (
      <Chip id={recentId} aria-hidden={hidden || undefined}>
        {m.recent}
      </Chip>
    ) : null
  const describedByRecent = (method: RecentLoginMethod) => (recent === method ? recentId : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!valid || sending) return
    const address = email.trim()
    setSending(true)
    preloadEmailScreens()
    // Back to landing keeps the address.
    await startLogin(modal, { kind: 'email', email: address, landing: { email: address } })
    if (isMounted()) setSending(false)
  }

  const appearance = config?.appearance
  return (
    <div className="foyer-screen">
      <ModalLogo />
      <div className="foyer-header">
        <ScreenTitle>{appearance?.landingHeader || m.header}</ScreenTitle>
      </div>
      {appearance?.loginMessage ? <p className="foyer-text">{appearance.loginMessage}</p> : null}
      {showEmail ? (
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
              aria-describedby={
                [plusError ? errorId : '', describedByRecent('email') ?? ''].filter(Boolean).join(' ') ||
                undefined
              }
              onChange={(event) => {
                setEmail(event.target.value)
                setPlusError(false)
              }}
            />
            {recentChip('email')}
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
      ) : null}
      {showEmail && showSms ? <div className="foyer-divider">{m.or}</div> : null}
      {showSms ? (
        <Suspense fallback={<div className="foyer-input-row" aria-hidden="true" />}>
          <PhoneForm
            onSubmit={submitPhone}
            busy={sendingSms}
            initialPhoneNumber={params?.phoneNumber}
            autoFocus={!showEmail}
            badge={recent === 'sms' ? m.recent : undefined}
          />
        </Suspense>
      ) : null}
      {(showEmail || showSms) && oauthButtons.length > 0 ? <div className="foyer-divider">{m.or}</div> : null}
      {oauthButtons.map((provider) => (
        // The click opens the popup synchronously (startLogin), so the browser lets it through.
        <Button
          key={provider}
          variant="secondary"
          block
          aria-describedby={describedByRecent(provider)}
          onPointerEnter={preloadOAuthScreens}
          onFocus={preloadOAuthScreens}
          onClick={() => void startLogin(modal, { kind: 'oauth', provider })}
        >
          <OAuthProviderIcon provider={provider} />
          {formatMessage(messages.oauth.continueWith, { provider: oauthProviderName(provider, messages) })}
          {recentChip(provider, true)}
        </Button>
      ))}
      {showWallet ? (
        // Spec 01 §2 alternative landing entry; the wallet list and its discovery code load lazily.
        // The chip sits inside, hidden from the name and referenced as the description.
        <Button
          variant="secondary"
          block
          aria-describedby={describedByRecent('wallet')}
          onClick={() => router.push('walletList', { mode: 'login' })}
        >
          {messages.externalWallets.landingEntry}
          {recentChip('wallet', true)}
        </Button>
      ) : null}
      {showPasskey ? (
        <div className="foyer-row">
          <Button
            variant="link"
            aria-describedby={describedByRecent('passkey')}
            onClick={() => void startLogin(modal, { kind: 'passkey' })}
          >
            {messages.passkey.landingLink}
          </Button>
          {recentChip('passkey')}
        </div>
      ) : null}
      <p className="foyer-footer">{messages.modal.protectedBy}</p>
    </div>
  )
}
