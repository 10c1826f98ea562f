import { expect, test } from 'vitest'
import { signAccessToken, testAppId } from '../../test/createTestApi'
import { decodeJwtPayload } from './decodeJwtPayload'

test('default: reads the claims of a real ES256 token', async () => {
  const token = await signAccessToken({ ttlSeconds: 60, sid: 'sïd-ü' })
  const claims = decodeJwtPayload(token)
  expect(claims).toMatchObject({ aud: testAppId, sid: 'sïd-ü', sub: 'did:foyer:user-1', iss: 'foyer' })
  expect(claims?.exp).toBe((claims?.iat as number) + 60)
})

test.each([
  '',
  'abc',
  'a.b',
  'a.b.c.d',
  'eyJhbGciOiJFUzI1NiJ9..sig',
  'eyJhbGciOiJFUzI1NiJ9.bm90IGpzb24.sig', // "not json"
  'eyJhbGciOiJFUzI1NiJ9.WzFd.sig', // [1]
  'eyJhbGciOiJFUzI1NiJ9.e30+.sig', // '+' is not base64url
])('error: %j gives null', (token) => {
  expect(decodeJwtPayload(token)).toBeNull()
})
