import { authorizeAtLocalIdentityProvider } from '@foyer/server/testing'
import type Privy from '@privy-io/js-sdk-core'
import { describe, expect, inject, test } from 'vitest'
import { createClient } from '../support/createClient'
import { signedInClient } from '../support/signIn'

const { apiUrl, origin, oauthLogins } = inject('interop')
const logins = [...oauthLogins]

/** The nine providers the local OpenID Connect provider stands in for. */
const PROVIDERS = [
  'google',
  'discord',
  'github',
  'linkedin',
  'twitter',
  'spotify',
  'instagram',
  'tiktok',
  'apple',
] as const

/**
 * The browser's part of an OAuth flow the client starts: `generateURL`, the walk through the local provider's
 * login page as a fresh test user, the server's callback, and the `privy_oauth_*` parameters it redirects
 * the app to.
 */
async function authorize(client: Privy, provider: (typeof PROVIDERS)[number]) {
  const login = logins.shift()
  if (!login) throw new Error('out of OAuth test users')
  const { url } = await client.auth.oauth.generateURL(provider, `${origin}/oauth-return`)
  const back = await authorizeAtLocalIdentityProvider(url, {
    login,
    returnTo: `${apiUrl}/api/v1/oauth/callback`,
  })
  const callback = await fetch(back.url, {
    method: back.method,
    redirect: 'manual',
    ...(back.method === 'POST' ? { body: back.form } : {}),
  })
  const location = new URL(callback.headers.get('location') ?? '', apiUrl)
  const code = location.searchParams.get('privy_oauth_code')
  const state = location.searchParams.get('privy_oauth_state')
  if (!code || !state) throw new Error(`the callback did not return to the app: ${location.href}`)
  return { code, state, subject: login }
}

describe('js-sdk-core: OAuth', () => {
  for (const provider of PROVIDERS) {
    test(`generateURL + loginWithCode: ${provider}`, async () => {
      const client = await createClient()
      const { code, state } = await authorize(client, provider)
      const session = await client.auth.oauth.loginWithCode(code, state, provider)
      expect(session.is_new_user).toBe(true)
      expect(session.user.linked_accounts).toContainEqual(
        expect.objectContaining({ type: `${provider}_oauth` }),
      )
    })
  }

  test('linkWithCode + unlink: a signed-in user links GitHub and unlinks it', async () => {
    const { client } = await signedInClient('oauth')
    const { code, state } = await authorize(client, 'github')
    const linked = await client.auth.oauth.linkWithCode(code, state, 'github')
    const account = linked.user.linked_accounts.find((candidate) => candidate.type === 'github_oauth')
    expect(account).toBeDefined()
    const { user } = await client.auth.oauth.unlink('github', (account as { subject: string }).subject)
    expect(user.linked_accounts.some((candidate) => candidate.type === 'github_oauth')).toBe(false)
  })
})
