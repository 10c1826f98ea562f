import { Secret, TOTP } from 'otpauth'
import { describe, expect, test } from 'vitest'
import { createTotpSecret, matchTotpStep, TOTP_PARAMETERS, totpAuthUrl } from './totp'

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890"; 8-digit codes.
const rfcSecret = Secret.fromLatin1('12345678901234567890').base32
const vectors: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
]

describe('RFC 6238 Appendix B (docs/security.md property 10)', () => {
  test.each(vectors)('default: T=%i gives %s with SHA-1 and 8 digits', (seconds, code) => {
    const totp = new TOTP({ algorithm: 'SHA1', digits: 8, period: 30, secret: Secret.fromBase32(rfcSecret) })
    expect(totp.generate({ timestamp: seconds * 1000 })).toBe(code)
  })
  test.each(vectors)('default: T=%i matches the 6-digit code of %s at its own step', (seconds, code) => {
    expect(matchTotpStep({ secret: rfcSecret, code: code.slice(2), nowMs: seconds * 1000 })).toBe(
      Math.floor(seconds / 30),
    )
  })
})

describe('window (docs/security.md property 11)', () => {
  const secret = createTotpSecret()
  const codeAt = (ms: number) =>
    new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) }).generate({ timestamp: ms })
  const now = 1_700_000_000_000
  const step = Math.floor(now / 30_000)
  test('default: the previous and the next step are accepted', () => {
    expect(matchTotpStep({ secret, code: codeAt(now - 30_000), nowMs: now })).toBe(step - 1)
    expect(matchTotpStep({ secret, code: codeAt(now + 30_000), nowMs: now })).toBe(step + 1)
  })
  test('error: two steps away is refused', () => {
    expect(matchTotpStep({ secret, code: codeAt(now - 60_000), nowMs: now })).toBeNull()
    expect(matchTotpStep({ secret, code: codeAt(now + 60_000), nowMs: now })).toBeNull()
  })
  test('error: a wrong code is refused', () => {
    const right = codeAt(now)
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    expect(matchTotpStep({ secret, code: wrong, nowMs: now })).toBeNull()
  })
})

describe('secret (docs/security.md property 14)', () => {
  test('default: 160 bits, different every time, in the auth URL', () => {
    const a = createTotpSecret()
    const b = createTotpSecret()
    expect(Secret.fromBase32(a).bytes.length).toBe(20)
    expect(a).not.toBe(b)
    const url = new URL(totpAuthUrl({ secret: a, issuer: 'Foyer Demo', label: 'user' }))
    expect(url.protocol).toBe('otpauth:')
    expect(url.searchParams.get('secret')).toBe(a)
    expect(url.searchParams.get('algorithm')).toBe('SHA1')
    expect(url.searchParams.get('digits')).toBe('6')
    expect(url.searchParams.get('period')).toBe('30')
  })
})
