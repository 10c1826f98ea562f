import { useFoyer } from '@foyer/react'
import { decodeJwt, type JWTPayload } from 'jose'
import { useEffect, useState } from 'react'
import { SolanaPanel } from './SolanaPanel'
import { WalletPanel } from './WalletPanel'

/** The demo page: the SDK's state, the signed-in user, and the claims of the current access token. */
export function App() {
  const { ready, authenticated, user, login, logout, getAccessToken } = useFoyer()
  const [claims, setClaims] = useState<JWTPayload | null>(null)

  useEffect(() => {
    if (!authenticated) {
      setClaims(null)
      return
    }
    let cancelled = false
    getAccessToken().then((token) => {
      if (!cancelled) setClaims(token ? decodeJwt(token) : null)
    })
    return () => {
      cancelled = true
    }
  }, [authenticated, getAccessToken])

  const email = user?.linked_accounts.find((account) => account.type === 'email')

  return (
    <main style={styles.main}>
      <h1>Foyer demo</h1>
      <p>
        Ready: <strong data-testid="ready">{String(ready)}</strong> · Authenticated:{' '}
        <strong data-testid="authenticated">{String(authenticated)}</strong>
      </p>
      {authenticated ? (
        <>
          <p>
            Signed in as <strong data-testid="user-email">{email?.address ?? user?.id}</strong>
          </p>
          <button type="button" onClick={() => void logout()} style={styles.button}>
            Log out
          </button>
          <WalletPanel />
          <SolanaPanel />
          <h2>User</h2>
          <pre data-testid="user-json" style={styles.pre}>
            {JSON.stringify(user, null, 2)}
          </pre>
          <h2>Access token claims</h2>
          <pre data-testid="token-claims" style={styles.pre}>
            {claims ? JSON.stringify(claims, null, 2) : '…'}
          </pre>
        </>
      ) : (
        <button type="button" onClick={login} disabled={!ready} style={styles.button}>
          Log in
        </button>
      )}
    </main>
  )
}

const styles = {
  main: { fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '40px auto', padding: '0 16px' },
  button: { fontSize: 16, padding: '8px 20px', borderRadius: 8, cursor: 'pointer' },
  pre: { background: '#f4f4f5', padding: 12, borderRadius: 8, overflowX: 'auto' as const, fontSize: 13 },
}
