/// <reference types="vite/client" />
// The interop suite's app page: the published react-auth, unmodified, with `apiUrl` pointed at a Foyer
// server (docs/interop.md). It shows the client's state under test ids and offers a button per call.
import { PrivyProvider, useLogout, usePrivy } from '@privy-io/react-auth'
import { createElement as h, type ReactNode, StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'

const apiUrl = import.meta.env.VITE_INTEROP_API_URL as string
const appId = import.meta.env.VITE_INTEROP_APP_ID as string

/** A line `name: value` whose value tests read by its test id. */
function Field({ name, value }: { name: string; value: string }): ReactNode {
  return h('p', null, `${name}: `, h('span', { 'data-testid': name }, value))
}

function App(): ReactNode {
  const { ready, authenticated, user, login } = usePrivy()
  const { logout } = useLogout()
  const [lastError, setLastError] = useState('')
  const run = (action: () => Promise<unknown> | unknown) => async () => {
    try {
      setLastError('')
      await action()
    } catch (error) {
      setLastError(error instanceof Error ? error.message : String(error))
    }
  }
  return h(
    'main',
    null,
    h(Field, { name: 'ready', value: String(ready) }),
    h(Field, { name: 'authenticated', value: String(authenticated) }),
    h(Field, { name: 'user-id', value: user?.id ?? '' }),
    h(Field, { name: 'user-email', value: user?.email?.address ?? '' }),
    h(Field, { name: 'error', value: lastError }),
    h('button', { type: 'button', onClick: run(() => login()) }, 'Log in'),
    h('button', { type: 'button', onClick: run(() => logout()) }, 'Log out'),
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('no #root')
createRoot(root).render(
  h(StrictMode, null, h(PrivyProvider, { appId, apiUrl, config: {}, children: h(App) })),
)
