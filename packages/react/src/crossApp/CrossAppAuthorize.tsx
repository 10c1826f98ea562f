import { authorizeCrossAppRequest, getCrossAppProviderDetails } from '@foyer/core/cross-app'
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { useCreateWallet } from '../hooks/useCreateWallet'
import { useFoyer } from '../hooks/useFoyer'
import { useFoyerState } from '../hooks/useFoyerState'
import { formatMessage } from '../i18n/formatMessage'

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

/** Props of {@link CrossAppAuthorize}. */
export type CrossAppAuthorizeProps = {
  /** Sends the browser to the requester's page with the answer; default `window.location.assign`. */
  navigate?: ((url: string) => void) | undefined
}

const page: CSSProperties = {
  maxWidth: 360,
  margin: '48px auto',
  fontFamily: 'system-ui, sans-serif',
  display: 'grid',
  gap: 16,
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
  const [requester, setRequester] = useState<string | null>(null)
  const [phase, setPhase] = useState<'consent' | 'sending' | 'error'>('consent')
  const [error, setError] = useState<string | null>(null)
  const loginOpened = useRef(false)

  useEffect(() => {
    if (!query) return
    void getCrossAppProviderDetails(client, { appId: query.requesterAppId }).then((details) =>
      setRequester(details?.name ?? query.requesterAppId),
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
    (account) =>
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

  const names = { requester: requester ?? '…', provider }
  let body: ReactNode
  if (!query) body = <p role="alert">{m.invalidRequest}</p>
  else if (phase === 'error') body = <p role="alert">{error}</p>
  else if (!ready) body = <p role="status">{m.verifying}</p>
  else if (!authenticated)
    body = (
      <>
        <p>{formatMessage(m.signInPrompt, names)}</p>
        <button type="button" onClick={login}>
          {m.logIn}
        </button>
      </>
    )
  else if (!wallet)
    body = (
      <>
        <p role="status">{m.walletSetup}</p>
        <button type="button" onClick={() => void createWallet().catch(() => {})}>
          {m.createWallet}
        </button>
      </>
    )
  else if (phase === 'sending') body = <p role="status">{formatMessage(m.redirecting, names)}</p>
  else
    body = (
      <>
        <h1 style={{ fontSize: 20, margin: 0 }}>{formatMessage(m.consentTitle, names)}</h1>
        <p>{formatMessage(m.consentDetail, names)}</p>
        <button type="button" data-testid="cross-app-allow" onClick={() => void answer(false)}>
          {m.allow}
        </button>
        <button type="button" data-testid="cross-app-deny" onClick={() => void answer(true)}>
          {m.deny}
        </button>
      </>
    )
  return (
    <main style={page} data-testid="cross-app-authorize">
      {body}
    </main>
  )
}
