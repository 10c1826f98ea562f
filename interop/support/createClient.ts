import Privy, { InMemoryCache } from '@privy-io/js-sdk-core'
import { inject } from 'vitest'

/**
 * A js-sdk-core client as an app would construct it, pointed at the interop stack's server: `baseUrl` is the
 * client's (untyped) option for its API origin, the one `apiUrl` of react-auth sets; Node has no
 * localStorage, so the session lives in the client's own in-memory storage.
 */
export async function createClient(): Promise<Privy> {
  const { apiUrl, appId } = inject('interop')
  const client = new Privy({ appId, storage: new InMemoryCache(), baseUrl: apiUrl } as ConstructorParameters<
    typeof Privy
  >[0])
  await client.initialize()
  return client
}
