import { describe, expect, test } from 'vitest'
import { resolveOAuthOptions } from './providers'

describe('resolveOAuthOptions', () => {
  test('default: the real providers, an endpoint override applied', () => {
    const resolved = resolveOAuthOptions({
      providers: { github: { tokenUrl: 'http://127.0.0.1:9000/token' } },
    })
    expect(resolved.providers.github.tokenUrl).toBe('http://127.0.0.1:9000/token')
    expect(resolved.providers.google.authorizationUrl).toMatch(/^https:\/\/accounts\.google\.com\//)
  })

  test("error: a provider's quirks are not configuration (PKCE, client authentication)", () => {
    const options = (override: Record<string, unknown>) =>
      ({ providers: { twitter: override } }) as unknown as Parameters<typeof resolveOAuthOptions>[0]
    expect(() => resolveOAuthOptions(options({ pkce: null }))).toThrow('unknown endpoint')
    expect(() => resolveOAuthOptions(options({ clientAuthentication: 'client_secret_post' }))).toThrow(
      'unknown endpoint',
    )
  })

  test('error: a required endpoint set to null, an unknown provider', () => {
    expect(() =>
      resolveOAuthOptions({ providers: { google: { tokenUrl: null } } } as unknown as Parameters<
        typeof resolveOAuthOptions
      >[0]),
    ).toThrow('cannot be null')
    expect(() =>
      resolveOAuthOptions({ providers: { myspace: {} } } as unknown as Parameters<
        typeof resolveOAuthOptions
      >[0]),
    ).toThrow('unknown OAuth provider')
  })
})
