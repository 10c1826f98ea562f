import { oauthProviders } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { accountKinds, defaultFeatures, defaultMethods } from './defaultPlugins'
import { toUserJson, type UserJsonRow } from './features/users/service'

const row = (type: string, subject: string, details: Record<string, unknown> = {}) => ({
  type,
  subject,
  verified_s: 100,
  first_verified_s: 100,
  latest_verified_s: 200,
  created_ms: 100_000,
  details,
})

const signInMethods = defaultMethods()

describe('signInMethods', () => {
  test('default: every stored account type belongs to exactly one method', () => {
    const types = signInMethods.flatMap((method) => method.accounts.map((kind) => kind.type))
    expect(new Set(types).size).toBe(types.length)
    expect([...types].sort()).toEqual(
      [
        ...[
          'cross_app',
          'custom',
          'email',
          'farcaster',
          'guest',
          'passkey',
          'phone',
          'siwe',
          'siws',
          'smart_wallet',
          'telegram',
        ],
        ...oauthProviders.map((provider) => `${provider}_oauth`),
      ].sort(),
    )
    for (const type of types) expect(accountKinds.get(type)?.type).toBe(type)
  })

  test('default: every method has a routes plugin', () => {
    for (const method of signInMethods) expect(typeof method.routes).toBe('function')
  })

  test('default: plugin ids and rate-limit rule names are unique across methods and features', () => {
    const plugins = [...signInMethods, ...defaultFeatures()]
    const ids = plugins.map((plugin) => plugin.id)
    expect(new Set(ids).size).toBe(ids.length)
    const rules = plugins.flatMap((plugin) => Object.keys(plugin.rateLimits))
    expect(new Set(rules).size).toBe(rules.length)
  })

  test('behavior: each method but email (the core `passwordless` rule) and MFA has a per-IP rule of its own', () => {
    const own = (plugin: { id: string; rateLimits: Readonly<Record<string, unknown>> }) =>
      Object.keys(plugin.rateLimits).filter((name) => name !== 'telegramPerAccount')
    for (const method of signInMethods)
      expect(own(method), method.id).toHaveLength(method.id === 'email' ? 0 : 1)
    expect(
      own(defaultFeatures().find((feature) => feature.id === 'mfa') ?? { id: '', rateLimits: {} }),
    ).toEqual(['mfa'])
  })

  test('behavior: link limits follow docs/limits.md (one per type, passkeys 5)', () => {
    expect(accountKinds.get('email')?.linkLimit).toBe(1)
    expect(accountKinds.get('siws')?.linkLimit).toBe(1)
    expect(accountKinds.get('passkey')?.linkLimit).toBe(5)
    expect(accountKinds.get('cross_app')?.linkLimit).toBe(1)
  })

  test('behavior: each kind maps its stored row to the wire shape', () => {
    expect(accountKinds.get('email')?.toLinkedAccount(row('email', 'a@example.com'))).toEqual({
      type: 'email',
      address: 'a@example.com',
      verified_at: 100,
      first_verified_at: 100,
      latest_verified_at: 200,
    })
    expect(
      accountKinds.get('siwe')?.toLinkedAccount(
        row('siwe', '0xabc', {
          address: '0xAbC',
          chain_id: 'eip155:1',
          wallet_client_type: 'metamask',
          connector_type: 'injected',
        }),
      ),
    ).toMatchObject({ type: 'wallet', address: '0xAbC', chain_type: 'ethereum', chain_id: 'eip155:1' })
    expect(
      accountKinds.get('passkey')?.toLinkedAccount(row('passkey', 'cred', { public_key: 'secret' })),
    ).not.toHaveProperty('public_key')
  })

  test('error: a row of an unknown type, or one its kind cannot show, is left out of the user', () => {
    const user: UserJsonRow = {
      id: 'u1',
      created_s: 1,
      has_accepted_terms: false,
      is_guest: false,
      accounts: [row('email', 'a@example.com'), row('retired_type', 'x'), row('custom', 'not json')],
      wallets: [],
    }
    expect(toUserJson(accountKinds, user).linked_accounts.map((account) => account.type)).toEqual(['email'])
  })
})
