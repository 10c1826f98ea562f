import { defaultAppSettings } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { enabledOAuthProviders } from './enabledOAuthProviders'

const app = { ...defaultAppSettings, google_oauth: true, github_oauth: true, apple_oauth: true }

describe('enabledOAuthProviders', () => {
  test("default: the app's providers in the spec's order", () => {
    expect(enabledOAuthProviders(app, undefined)).toEqual(['google', 'github', 'apple'])
  })

  test('behavior: loginMethods filters and orders; it never turns on a provider the app has off', () => {
    expect(enabledOAuthProviders(app, ['apple', 'email', 'discord', 'google', 'apple'])).toEqual([
      'apple',
      'google',
    ])
  })

  test('behavior: no app config yet: none', () => {
    expect(enabledOAuthProviders(null, undefined)).toEqual([])
  })
})
