import { OAUTH_VERIFIER_BYTES } from '@foyer/protocol'
import { base64urlnopad } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { pkceChallengeS256, randomBase64Url } from './pkce'

describe('pkceChallengeS256', () => {
  test('vector: RFC 7636 Appendix B', async () => {
    expect(await pkceChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })
})

describe('randomBase64Url', () => {
  test('default: 36 random bytes give 48 base64url characters, a valid RFC 7636 §4.1 verifier', () => {
    const value = randomBase64Url(OAUTH_VERIFIER_BYTES)
    expect(value).toMatch(/^[A-Za-z0-9_-]{48}$/)
    expect(base64urlnopad.decode(value)).toHaveLength(36)
  })

  test('behavior: two values differ', () => {
    expect(randomBase64Url(36)).not.toBe(randomBase64Url(36))
  })
})
