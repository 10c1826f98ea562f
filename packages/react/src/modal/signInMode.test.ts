import { describe, expect, test } from 'vitest'
import { signInMode } from './signInMode'

describe('signInMode (docs/modal.md "Sign-in mode", docs/api.md)', () => {
  test("default: 'login-or-sign-up'", () => {
    expect(signInMode({ config: undefined })).toBe('login-or-sign-up')
    expect(signInMode({ config: {}, disableSignup: false }, 'oauth')).toBe('login-or-sign-up')
  })

  test("behavior: login({ disableSignup: true }) makes every method 'no-signup'", () => {
    expect(signInMode({ config: undefined, disableSignup: true })).toBe('no-signup')
    expect(signInMode({ config: undefined, disableSignup: true }, 'telegram')).toBe('no-signup')
  })

  test('behavior: config.oauth / config.telegram disableSignup holds for that method only', () => {
    const config = { oauth: { disableSignup: true } }
    expect(signInMode({ config }, 'oauth')).toBe('no-signup')
    expect(signInMode({ config }, 'telegram')).toBe('login-or-sign-up')
    expect(signInMode({ config })).toBe('login-or-sign-up')
  })
})
