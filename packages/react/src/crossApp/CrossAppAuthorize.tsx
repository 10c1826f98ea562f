import { authorizeCrossAppRequest, getCrossAppProviderDetails } from '@foyer/core/cross-app'
import type { LinkedAccount } from '@foyer/protocol'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { useCreateWallet } from '../hooks/useCreateWallet'
import { useFoyer } from '../hooks/useFoyer'
import { useFoyerState } from '../hooks/useFoyerState'
import { formatMessage } from '../i18n/formatMessage'
import { Address } from '../ui/Address'
import { Button } from '../ui/Button'
import { Spinner } from '../ui/Spinner'
import { AppIcon, CrossAppPage } from './CrossAppPage'

/** The authorize page's query (docs/wire.md#cross-app), as the requester's `oauth/init` URL carries it. */
function readQuery(search: string) {
  const query = new URLSearchParams(search)
  const state = query.get('state')
  const codeChallenge = query.get('code_challenge')
  const redirectTo = query.get('redirect_to')
  const requesterAppId = query.get('client_id')
  return state && codeChallenge && redirectTo && requesterAppId
    ? { state, codeChallenge, redirectTo, requesterAppId }
    : null
}

/** A message with an `{address}` placeholder, the address drawn short in its place. */
function withAddress(template: string, address: string): ReactNode {
  const [before = '', after = ''] = template.split('{address}')
  return (
    <>
      {before}
      <Address address={address} />
      {after}
    </>
  )
}

/** Props of {@link CrossAppAuthorize}. */
export type CrossAppAuthorizeProps = {
  /** Sends the browser to the requester's page with the answer; default `window.location.assign`. */
  navigate?: ((url: string) => void) | undefined
}

/**
 * The provider app's authorize page for cross-app sign-in (docs/wire.md#cross-app): mount it, inside
 * `<FoyerProvider>` with the provider's app id, at the route `{web_url}/oauth/authorize` that the server's
 * `cross_app.web_url` names. The user signs in to the provider with its usual modal (opened at once), gets
 * an embedded Ethereum wallet if none yet, and sees the consent: '{requester} wants to use your {provider}
 * account', Allow / Deny. Allow calls `/oauth/authorization_code` and sends the window back to the
 * requester with the single-use code; Deny sends it back with the denial. Errors show their text.
 *
 * @example
 * // provider web app, route /oauth/authorize
 * <FoyerProvider appId={providerAppId}><CrossAppAuthorize /></FoyerProvider>
 */
export function CrossAppAuthorize({ navigate }: CrossAppAuthorizeProps = {}) {
  const { client, messages } = useFoyerContext('CrossAppAuthorize')
  const state = useFoyerState(client)
  const { ready, authenticated, user, login } = useFoyer()
  const { createWallet } = useCreateWallet()
  const m = messages.crossApp
  const [query] = useState(() => readQuery(window.location.search))
  const [requester, setRequester] = useState<{ name: string; iconUrl: string | null } | null>(null)
  const grantsId = useId()
  const [phase, setPhase] = useState<'consent' | 'sending' | 'error'>('consent')
  const [error, setError] = useState<string | null>(null)
  const loginOpened = useRef(false)

  useEffect(() => {
    if (!query) return
    void getCrossAppProviderDetails(client, { appId: query.requesterAppId }).then((details) =>
      setRequester({ name: details?.name ?? query.requesterAppId, iconUrl: details?.icon_url ?? null }),
    )
  }, [client, query])

  // Sign in to the provider first, with its own modal.
  useEffect(() => {
    if (ready && !authenticated && !loginOpened.current) {
      loginOpened.current = true
      login()
    }
  }, [ready, authenticated, login])

  const provider = state.appConfig?.name ?? ''
  const wallet = user?.linked_accounts.find(
    (account): account is Extract<LinkedAccount, { type: 'wallet' }> =>
      account.type === 'wallet' && account.connector_type === 'embedded' && account.chain_type === 'ethereum',
  )

  const answer = async (deny: boolean) => {
    if (!query) return
    setPhase('sending')
    try {
      const { url } = await authorizeCrossAppRequest(client, { ...query, deny })
      if (navigate) navigate(url)
      else window.location.assign(url)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught))
      setPhase('error')
    }
  }

  const names = { requester: requester?.name ?? '…', provider }
  let body: ReactNode
  if (!query)
    body = (
      <p role="alert" className="foyer-error-text">
        {m.invalidRequest}
      </p>
    )
  else if (phase === 'error')
    body = (
      <p role="alert" className="foyer-error-text">
        {error}
      </p>
    )
  else if (!ready)
    body = (
      <p role="status" className="foyer-row">
        <Spinner /> {m.verifying}
      </p>
    )
  else if (!authenticated)
    body = (
      <>
        <p className="foyer-text">{formatMessage(m.signInPrompt, names)}</p>
        <Button block onClick={login}>
          {m.logIn}
        </Button>
      </>
    )
  else if (!wallet)
    body = (
      <>
        <p role="status" className="foyer-text">
          {m.walletSetup}
        </p>
        <Button block onClick={() => void createWallet().catch(() => {})}>
          {m.createWallet}
        </Button>
      </>
    )
  else if (phase === 'sending')
    body = (
      <p role="status" className="foyer-row">
        <Spinner /> {formatMessage(m.redirecting, names)}
      </p>
    )
  else
    body = (
      <>
        <p className="foyer-text" id={grantsId}>
          {formatMessage(m.grantsLead, names)}
        </p>
        <ul className="foyer-grants" aria-labelledby={grantsId}>
          <li>{m.grantAccountId}</li>
          <li>{withAddress(m.grantAddress, wallet.address)}</li>
          <li>{m.grantApprovals}</li>
        </ul>
        <div className="foyer-actions">
          <Button variant="secondary" data-testid="cross-app-deny" onClick={() => void answer(true)}>
            {m.deny}
          </Button>
          <Button data-testid="cross-app-allow" onClick={() => void answer(false)}>
            {m.allow}
          </Button>
        </div>
      </>
    )
  return (
    <CrossAppPage testId="cross-app-authorize">
      <div className="foyer-app-pair">
        <AppIcon name={names.requester} iconUrl={requester?.iconUrl} />
        <span className="foyer-app-link" aria-hidden="true">
          ⇄
        </span>
        <AppIcon name={provider || '?'} iconUrl={state.appConfig?.logo_url ?? state.appConfig?.icon_url} />
      </div>
      {provider && requester ? <h1 className="foyer-title">{formatMessage(m.consentTitle, names)}</h1> : null}
      {body}
    </CrossAppPage>
  )
}
