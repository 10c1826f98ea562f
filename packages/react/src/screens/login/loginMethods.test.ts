import { oauthProviders } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { allEnglish as en } from '../../i18n/allEnglish'
import { screens } from '../../modal/screens'
import type { LandingMethod } from './Landing/landingModel'
import { landingLoginMethod, loginMethods } from './loginMethods'

const entries = Object.entries(loginMethods)

describe('loginMethods', () => {
  test('default: one entry per login kind, under its own kind', () => {
    expect(Object.keys(loginMethods).sort()).toEqual(
      ['crossApp', 'email', 'farcaster', 'oauth', 'passkey', 'sms', 'telegram'].sort(),
    )
    for (const [kind, entry] of entries) expect(entry.kind).toBe(kind)
  })

  test('default: every landing method but the wallet entry renders through exactly one entry', () => {
    const methods: LandingMethod[] = [
      'email',
      'sms',
      'passkey',
      'telegram',
      'farcaster',
      'privy:foyerdemoprovider00000000',
      ...oauthProviders.map((provider) => `oauth:${provider}` as const),
    ]
    for (const method of methods) {
      const owners = entries.filter(([, entry]) => entry.landing.matches(method)).map(([kind]) => kind)
      expect({ method, owners: owners.length }).toEqual({ method, owners: 1 })
    }
    expect(landingLoginMethod('oauth:google')?.kind).toBe('oauth')
    expect(landingLoginMethod('privy:app')?.kind).toBe('crossApp')
    expect(landingLoginMethod('wallet')).toBeUndefined()
  })

  test("behavior: the screen registry holds every entry's screens, as the entry defines them", () => {
    for (const [, entry] of entries)
      for (const [id, definition] of Object.entries(entry.screens))
        expect(screens[id as keyof typeof screens]).toBe(definition)
  })

  test('behavior: each copy section an entry owns is a section of the English copy, owned once', () => {
    const owned = entries.flatMap(([, entry]) => entry.copy)
    for (const section of owned) expect(Object.keys(en)).toContain(section)
    expect(new Set(owned).size).toBe(owned.length)
  })

  test('behavior: analytics names follow the start (provider, privy:<appId>)', () => {
    expect(loginMethods.oauth.analyticsName({ kind: 'oauth', provider: 'github' })).toBe('github')
    expect(loginMethods.crossApp.analyticsName({ kind: 'crossApp', appId: 'a1' })).toBe('privy:a1')
  })
})
