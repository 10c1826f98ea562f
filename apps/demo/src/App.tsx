import { useFoyer } from '@foyer/react'
import { decodeJwt, type JWTPayload } from 'jose'
import { useCallback, useEffect, useRef, useState } from 'react'
import { AllWalletsPanel } from './AllWalletsPanel'
import { CoinbaseWalletPanel } from './CoinbaseWalletPanel'
import { CrossAppPanel } from './CrossAppPanel'
import { DelegatedActionsPanel } from './DelegatedActionsPanel'
import { DevicesPanel } from './DevicesPanel'
import { EmailPanel } from './EmailPanel'
import { ExternalWalletsPanel } from './ExternalWalletsPanel'
import { FarcasterPanel } from './FarcasterPanel'
import { FarcasterSignerPanel } from './FarcasterSignerPanel'
import { GuestPanel } from './GuestPanel'
import { LocalePicker } from './LocalePicker'
import { OAuthPanel } from './OAuthPanel'
import { PasskeyPanel } from './PasskeyPanel'
import { PhonePanel } from './PhonePanel'
import { SmartWalletPanel } from './SmartWalletPanel'
import { SolanaPanel } from './SolanaPanel'
import { SponsoredSendPanel } from './SponsoredSendPanel'
import { TelegramPanel } from './TelegramPanel'
import { ThemePicker } from './ThemePicker'
import { userLabel } from './userLabel'
import { WalletPanel } from './WalletPanel'

/** How the demo back end gets the token: the `privy-token` cookie, or an `Authorization: Bearer` header. */
type Transport = 'cookie' | 'authorization'

/** `?signup=off`: the Log in button lets only existing users in (`login({ disableSignup: true })`). */
const SIGNUP_OFF =
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('signup') === 'off'

/**
 * The demo page: the SDK's state, the signed-in user, the claims of the current access token, and what the
 * demo's own back end (`GET /api/whoami`, verifying with `@foyer/node`) says about the session.
 */
export function App({ appId, hostLogin = false }: { appId: string; hostLogin?: boolean }) {
  const { ready, authenticated, user, login, logout, getAccessToken } = useFoyer()
  const [claims, setClaims] = useState<JWTPayload | null>(null)
  const [claimsLoaded, setClaimsLoaded] = useState(false)
  const [whoami, setWhoami] = useState<string>('')
  const verifications = useRef(0)

  useEffect(() => {
    setClaimsLoaded(false)
    if (!authenticated) {
      setClaims(null)
      return
    }
    let cancelled = false
    getAccessToken().then((token) => {
      if (cancelled) return
      setClaims(token ? decodeJwt(token) : null)
      setClaimsLoaded(true)
    })
    return () => {
      cancelled = true
    }
  }, [authenticated, getAccessToken])

  /** Asks the back end who is signed in: with the cookie the browser sends, or with a Bearer token. */
  const verify = useCallback(
    async (transport: Transport) => {
      const request = ++verifications.current
      setWhoami('…')
      const headers: Record<string, string> = {}
      if (transport === 'authorization') {
        const token = await getAccessToken().catch(() => null)
        if (token) headers.authorization = `Bearer ${token}`
      }
      const response = await fetch(`/api/whoami?appId=${encodeURIComponent(appId)}`, {
        headers,
        // The header path sends no cookie, so the answer shows which transport carried the token.
        credentials: transport === 'cookie' ? 'same-origin' : 'omit',
      })
      const body = await response.json()
      if (request === verifications.current)
        setWhoami(JSON.stringify({ request, status: response.status, ...body }, null, 2))
    },
    [appId, getAccessToken],
  )

  // After sign-in, ask the back end once: Bearer when the page can read a token, else the cookie.
  useEffect(() => {
    if (!authenticated || !claimsLoaded) {
      if (!authenticated) setWhoami('')
      return
    }
    void verify(claims ? 'authorization' : 'cookie')
  }, [authenticated, claimsLoaded, claims, verify])

  return (
    <main style={styles.main}>
      <h1>Foyer demo</h1>
      <p style={styles.row}>
        <LocalePicker />
      </p>
      <ThemePicker />
      <p>
        Ready: <strong data-testid="ready">{String(ready)}</strong> · Authenticated:{' '}
        <strong data-testid="authenticated">{String(authenticated)}</strong> · App:{' '}
        <code data-testid="app-id">{appId}</code>
      </p>
      {authenticated ? (
        <>
          <p>
            Signed in as <strong data-testid="user-email">{user ? userLabel(user) : ''}</strong>
          </p>
          <button type="button" onClick={() => void logout()} style={styles.button}>
            Log out
          </button>
          <GuestPanel />
          <EmailPanel />
          <PhonePanel />
          <PasskeyPanel />
          <OAuthPanel />
          <TelegramPanel />
          <FarcasterPanel />
          <CrossAppPanel />
          <ExternalWalletsPanel />
          <CoinbaseWalletPanel />
          <WalletPanel />
          <DevicesPanel />
          <SolanaPanel />
          <SmartWalletPanel />
          <SponsoredSendPanel />
          <AllWalletsPanel />
          <FarcasterSignerPanel />
          <DelegatedActionsPanel appId={appId} />
          <h2>User</h2>
          <pre data-testid="user-json" style={styles.pre}>
            {JSON.stringify(user, null, 2)}
          </pre>
          <h2>Access token claims</h2>
          <pre data-testid="token-claims" style={styles.pre}>
            {claims
              ? JSON.stringify(claims, null, 2)
              : claimsLoaded
                ? 'No readable access token: in server-cookie mode it lives in an HttpOnly cookie.'
                : '…'}
          </pre>
        </>
      ) : hostLogin ? (
        <p data-testid="host-login-hint">
          This page plays a host app with its own login: sign in with the host login above, and Foyer follows
          it.
        </p>
      ) : (
        <>
          <button
            type="button"
            onClick={() => login({ disableSignup: SIGNUP_OFF })}
            disabled={!ready}
            style={styles.button}
          >
            Log in
          </button>
          <GuestPanel />
        </>
      )}
      <h2>Back end</h2>
      <p>
        <code>GET /api/whoami</code> verifies the session with <code>@foyer/node</code>.
      </p>
      <p style={styles.row}>
        <button type="button" onClick={() => void verify('cookie')} style={styles.button}>
          Verify with back end
        </button>
        <button type="button" onClick={() => void verify('authorization')} style={styles.button}>
          Verify with back end (Authorization header)
        </button>
      </p>
      <pre data-testid="backend-whoami" style={styles.pre}>
        {whoami}
      </pre>
    </main>
  )
}

const styles = {
  // Usable down to a 320 px wide phone: long values wrap anywhere, buttons wrap their labels.
  main: {
    fontFamily: 'system-ui, sans-serif',
    maxWidth: 720,
    margin: '40px auto',
    padding: '0 16px',
    overflowWrap: 'anywhere' as const,
  },
  button: { fontSize: 16, padding: '8px 20px', borderRadius: 8, cursor: 'pointer', maxWidth: '100%' },
  row: { display: 'flex', gap: 12, flexWrap: 'wrap' as const },
  pre: { background: '#f4f4f5', padding: 12, borderRadius: 8, overflowX: 'auto' as const, fontSize: 13 },
}
