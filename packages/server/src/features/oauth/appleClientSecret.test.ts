import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from 'jose'
import { expect, test } from 'vitest'
import { APPLE_CLIENT_SECRET_TTL_SECONDS, appleClientSecret } from './appleClientSecret'

test('default: an ES256 JWT from team id, key id and private key', async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const now = Date.UTC(2030, 0, 1)
  const secret = await appleClientSecret({
    teamId: 'TEAM123456',
    keyId: 'KEY7654321',
    privateKeyPem: await exportPKCS8(privateKey),
    clientId: 'com.example.web',
    audience: 'https://appleid.apple.com',
    now,
  })
  expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY7654321' })
  const { payload } = await jwtVerify(secret, publicKey, {
    algorithms: ['ES256'],
    issuer: 'TEAM123456',
    subject: 'com.example.web',
    audience: 'https://appleid.apple.com',
    currentDate: new Date(now),
  })
  expect(payload.iat).toBe(now / 1000)
  expect(payload.exp).toBe(now / 1000 + APPLE_CLIENT_SECRET_TTL_SECONDS)
})

test('error: a key that is not ES256', async () => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  await expect(
    appleClientSecret({
      teamId: 'T',
      keyId: 'K',
      privateKeyPem: await exportPKCS8(privateKey),
      clientId: 'c',
      audience: 'https://appleid.apple.com',
      now: Date.now(),
    }),
  ).rejects.toThrow()
})
