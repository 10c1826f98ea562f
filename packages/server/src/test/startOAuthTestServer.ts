import { oauth } from '../features/oauth/method'
import {
  type LocalIdentityProvider,
  type LocalIdentityProviderUser,
  startLocalIdentityProvider,
} from '../testing/localIdentityProvider/startLocalIdentityProvider'
import { createTestContext, type TestContext, type TestContextOptions } from './createTestContext'

/**
 * The local identity provider with `users`, and a test server at `publicUrl` whose OAuth method signs in with
 * that provider's endpoints (docs/api.md). The server's clock is real time (`now`: `Date.now`) unless
 * `options.now` says otherwise, because the provider signs its tokens with real time. Close both after use.
 *
 * @example ;({ t, idp } = await startOAuthTestServer({ users: [ada], publicUrl: 'http://foyer.test' }))
 */
export async function startOAuthTestServer(
  options: { users: LocalIdentityProviderUser[]; publicUrl: string } & TestContextOptions,
): Promise<{ t: TestContext; idp: LocalIdentityProvider }> {
  const { users, ...contextOptions } = options
  const idp = await startLocalIdentityProvider({ users })
  const t = await createTestContext({
    now: () => Date.now(),
    ...contextOptions,
    methods: [oauth({ providers: idp.providers })],
  })
  return { t, idp }
}
