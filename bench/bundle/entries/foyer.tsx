import { FoyerProvider, useFoyer } from '@foyer/react'
import { createRoot } from 'react-dom/client'

/** The baseline plus what a host adds to sign users in: the provider, the hook and the login button. */
function App() {
  const { ready, authenticated, login, logout } = useFoyer()
  return authenticated ? (
    <button type="button" onClick={() => void logout()}>
      Log out
    </button>
  ) : (
    <button type="button" onClick={login} disabled={!ready}>
      Log in
    </button>
  )
}

createRoot(document.getElementById('root')!).render(
  <FoyerProvider appId="foyerdemoapp0000000000000" apiUrl="http://127.0.0.1:8787">
    <App />
  </FoyerProvider>,
)
