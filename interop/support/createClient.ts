import Privy, { InMemoryCache } from '@privy-io/js-sdk-core'
import { inject } from 'vitest'

let pageOriginInstalled = false

/**
 * Makes this worker's `fetch` calls to the server carry `Origin: <origin>`, as a browser adds it to every
 * cross-origin request of a page on that origin: the Node client then stands in for an app's page (the
 * server checks the Origin of wallet sign-ins against the app's allowed origins, docs/interop.md). The
 * client itself is not changed.
 */
function sendPageOrigin(apiUrl: string, origin: string): void {
  if (pageOriginInstalled) return
  pageOriginInstalled = true
  const fetchWithoutOrigin = globalThis.fetch
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!url.startsWith(apiUrl)) return fetchWithoutOrigin(input, init)
    const headers = new Headers(input instanceof Request ? input.headers : undefined)
    for (const [name, value] of new Headers(init?.headers)) headers.set(name, value)
    if (!headers.has('origin')) headers.set('origin', origin)
    return fetchWithoutOrigin(input, { ...init, headers })
  }
}

/**
 * A js-sdk-core client as an app constructs it, pointed at the interop stack's server: `baseUrl` is the
 * client's (untyped) option for its API origin, the one `apiUrl` of react-auth sets; Node has no
 * localStorage, so the session lives in the client's own in-memory storage.
 */
export async function createClient(): Promise<Privy> {
  const { apiUrl, appId, origin } = inject('interop')
  sendPageOrigin(apiUrl, origin)
  const client = new Privy({ appId, storage: new InMemoryCache(), baseUrl: apiUrl } as ConstructorParameters<
    typeof Privy
  >[0])
  await client.initialize()
  return client
}
