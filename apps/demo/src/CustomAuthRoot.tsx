import { FoyerProvider } from '@foyer/react'
import { useCallback, useState } from 'react'
import { App } from './App'

/**
 * The demo in `?customAuth=1` mode: the page plays a host app with its own login (the demo back end's
 * identity provider, `/api/host/login`), and Foyer follows it through the provider option `customAuth`:
 * signed in while the host is, logged out when the host signs out.
 */
export function CustomAuthRoot({ appId, apiUrl }: { appId: string; apiUrl: string }) {
  const [hostToken, setHostToken] = useState<string | undefined>(undefined)
  const [hostUser, setHostUser] = useState('')
  const [name, setName] = useState('alice')
  const getCustomAccessToken = useCallback(async () => hostToken, [hostToken])

  const hostSignIn = async () => {
    const response = await fetch(`/api/host/login?user=${encodeURIComponent(name)}`)
    const body = (await response.json()) as { token?: string }
    setHostToken(body.token)
    setHostUser(body.token ? name : '')
  }

  return (
    <>
      <section
        style={{
          fontFamily: 'system-ui, sans-serif',
          maxWidth: 720,
          margin: '24px auto 0',
          padding: '0 16px',
        }}
      >
        <h2>Host app login</h2>
        <p>
          Host user: <strong data-testid="host-user">{hostUser || '(signed out)'}</strong>
        </p>
        {hostToken ? (
          <button
            type="button"
            onClick={() => {
              setHostToken(undefined)
              setHostUser('')
            }}
          >
            Host sign out
          </button>
        ) : (
          <>
            <input
              aria-label="Host user name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />{' '}
            <button type="button" onClick={() => void hostSignIn()}>
              Host sign in
            </button>
          </>
        )}
      </section>
      <FoyerProvider
        appId={appId}
        apiUrl={apiUrl}
        config={{
          appearance: { landingHeader: 'Log in or sign up' },
          customAuth: { getCustomAccessToken, isLoading: false },
        }}
      >
        <App appId={appId} hostLogin />
      </FoyerProvider>
    </>
  )
}
