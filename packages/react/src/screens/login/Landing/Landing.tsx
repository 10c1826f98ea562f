import { getRecentLoginMethod, type RecentLoginMethod } from '@foyer/core'
import { Fragment, lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useModal } from '../../../modal/ModalContext'
import { ModalLogo } from '../../../modal/ModalLogo'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { Chip } from '../../../ui/Chip'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import type { LandingEntryProps } from '../LoginMethod'
import type { LoginStart } from '../LoginStart'
import { landingLoginMethod, loginMethods } from '../loginMethods'
import { startLogin } from '../startLogin'
import { type LandingEntry, type LandingMethod, type LandingView, landingModel } from './landingModel'
import type { LandingParams } from './params'

/** The web3-first wallet entries, loaded lazily with the wallet discovery code (bundle budget). */
const LandingWallets = lazy(() => import('./LandingWallets').then((m) => ({ default: m.LandingWallets })))

const isForm = (entry: LandingEntry | undefined) =>
  entry?.kind === 'method' && (entry.method === 'email' || entry.method === 'sms')

/**
 * Landing screen (docs/modal.md "Landing" and "Alternative landing", docs/modal.md "Landing view", ): the
 * entries `landingModel` lays out for the app's settings and the host's config — the email form, the phone
 * form (lazily loaded, see `PhoneForm`), 'Continue with a wallet' (opens the wallet list), the browser's
 * wallets on the web3-first landing (lazily loaded, see `LandingWallets`), one 'Continue with <Provider>' per
 * OAuth provider (`OAuthEntry`), 'Continue with Telegram' (`TelegramEntry`), the passkey entry or 'I have a
 * passkey' link, and the group entries ('More options', 'Other socials', 'Other wallets', 'Log in with email
 * or socials', 'Continue with email' / 'phone'), at most 5 per view.
 *
 * Views: the default view shows the logo, the header ('Log in or sign up' or `landingHeader`) and the
 * optional `loginMessage`. A group entry pushes the landing again with its `view` (overflow, web2-overflow,
 * email, sms), which shows a Back button; Back returns to the previous view, and closing the modal brings
 * back the default view after `LANDING_RESET_DELAY_MS` (150 ms; the modal resets its history). The first
 * form of a view takes focus; a view without a form focuses its first entry. A view whose entries the
 * config no longer has (the config changed meanwhile) shows the default view.
 *
 * Email, SMS and passkey go through `startLogin` (captcha first when the app has `captcha_enabled` and
 * nobody is signed in, docs/modal.md); the code screen's Back returns to this view with the address or number
 * kept. A 'Recent' chip marks the method of the last successful sign-in in this browser (core
 * `getRecentLoginMethod`), on the view that shows that method: on the email or phone field's top border,
 * inside the wallet button, or beside the passkey link; it is the control's accessible description, so its
 * name stays.
 */
export function Landing({ params }: ScreenProps<'landing'>) {
  const modal = useModal()
  const { config, router, messages, state } = modal
  const m = messages.landing
  const model = useMemo(() => landingModel(state.appConfig, config), [state.appConfig, config])
  const requested: LandingView = params?.view ?? 'default'
  const view: LandingView = model.views[requested] ? requested : 'default'
  const entries = model.views[view] ?? model.views.default
  const [email, setEmail] = useState(params?.email ?? '')
  const [plusError, setPlusError] = useState(params?.inlineError === 'disallowed_plus_email')
  const [recent, setRecent] = useState<RecentLoginMethod | null>(null)
  const recentId = useId()
  const entriesRef = useRef<HTMLDivElement>(null)
  const firstForm = entries.find(isForm)

  // `startLogin` comes back here with the inline error (docs/errors.md: disallowed plus email).
  useEffect(() => {
    setPlusError(params?.inlineError === 'disallowed_plus_email')
  }, [params])

  // docs/modal.md: the 'Recent' badge. Read once per client; a later sign-in closes the modal anyway.
  useEffect(() => {
    let live = true
    void getRecentLoginMethod(modal.client).then((method) => {
      if (live) setRecent(method)
    })
    return () => {
      live = false
    }
  }, [modal.client])

  // A view without a form: focus its first entry (opening a view or Back replaced the focused control).
  useEffect(() => {
    if (!firstForm) entriesRef.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus()
  }, [firstForm])

  const landingParams = (extra: LandingParams): LandingParams =>
    view === 'default' ? extra : { view, ...extra }

  const recentChip = (method: RecentLoginMethod, hidden?: boolean) =>
    recent === method ? (
      <Chip id={recentId} aria-hidden={hidden || undefined}>
        {m.recent}
      </Chip>
    ) : null
  const describedByRecent = (method: RecentLoginMethod) => (recent === method ? recentId : undefined)

  // What every login method's entry gets (see `LoginMethod`): it renders through its entry in `loginMethods`.
  const entryProps = (method: LandingMethod, autoFocus: boolean): LandingEntryProps => ({
    method,
    start: (start: LoginStart) => startLogin(modal, start),
    view,
    params,
    landingParams,
    autoFocus,
    email,
    onEmailChange: (next) => {
      setEmail(next)
      setPlusError(false)
    },
    plusError,
    recent,
    recentChip,
    describedByRecent,
  })

  // The wallet list and its discovery code load lazily. The chip sits inside, hidden from the name and
  // referenced as the description.
  const walletButton = (
    <Button
      variant="secondary"
      block
      aria-describedby={describedByRecent('wallet')}
      onClick={() => router.push('walletList', { mode: 'login' })}
    >
      {messages.externalWallets.landingEntry}
      {recentChip('wallet', true)}
    </Button>
  )

  const renderEntry = (entry: LandingEntry) => {
    if (entry.kind === 'wallets')
      return (
        <Suspense fallback={walletButton}>
          <LandingWallets slots={entry.slots} fallback={walletButton} />
        </Suspense>
      )
    if (entry.kind === 'view') {
      // 'Continue with email' / 'phone' carry the 'Recent' chip of the form they open.
      const opens = entry.view === 'email' || entry.view === 'sms' ? entry.view : undefined
      return (
        <Button
          variant="secondary"
          block
          aria-describedby={opens && describedByRecent(opens)}
          onClick={() => router.push('landing', { view: entry.view })}
        >
          {messages.landingLayout[entry.label]}
          {opens ? recentChip(opens, true) : null}
        </Button>
      )
    }
    const { method } = entry
    if (method === 'wallet') return walletButton
    return landingLoginMethod(method)?.landing.render(entryProps(method, firstForm === entry)) ?? null
  }

  const appearance = config?.appearance
  const title = <ScreenTitle>{appearance?.landingHeader || m.header}</ScreenTitle>
  return (
    <div className="foyer-screen">
      {view === 'default' ? (
        <>
          <ModalLogo />
          <div className="foyer-header">{title}</div>
          {appearance?.loginMessage ? <p className="foyer-text">{appearance.loginMessage}</p> : null}
        </>
      ) : (
        <ScreenHeader title={title} onBack={() => router.back()} backLabel={messages.modal.back} />
      )}
      <div ref={entriesRef} style={{ display: 'contents' }}>
        {entries.map((entry, index) => (
          <Fragment
            key={
              entry.kind === 'method'
                ? entry.method
                : entry.kind === 'view'
                  ? `${entry.view}:${entry.label}`
                  : 'wallets'
            }
          >
            {isForm(entry) && isForm(entries[index - 1]) ? <div className="foyer-divider">{m.or}</div> : null}
            {renderEntry(entry)}
          </Fragment>
        ))}
      </div>
      {view === 'default' && model.passkeyLink
        ? loginMethods.passkey.landing.render(entryProps('passkey', false))
        : null}
      <p className="foyer-footer">{messages.modal.protectedBy}</p>
    </div>
  )
}
