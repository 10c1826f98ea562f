import { beforeAll, describe, expect, test } from 'vitest'
import { appId, createKey, signToken, type TestKey } from '../../test/tokenFixtures'
import { InvalidTokenError } from '../errors/InvalidTokenError'
import { verifyIdentityToken } from './verifyIdentityToken'

let key: TestKey
beforeAll(async () => {
  key = await createKey('key-1')
})
const source = () => ({ appId, verificationKey: key.publicPem })

describe('verifyIdentityToken', () => {
  test('default: a valid identity token gives its claims and linked accounts', async () => {
    const claims = await verifyIdentityToken(await signToken(key, { kind: 'identity' }), source())
    expect(claims).toEqual({
      userId: 'did:foyer:user1',
      sessionId: null,
      appId,
      issuer: 'foyer',
      issuedAt: expect.any(Number),
      expiresAt: expect.any(Number),
      linkedAccounts: [{ type: 'email', address: 'ada@example.com' }],
    })
  })

  test('error: an access token is refused where an identity token is expected (security property 30)', async () => {
    const error = await verifyIdentityToken(await signToken(key), source()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidTokenError)
    expect(error).toMatchObject({ code: 'invalid_token_type' })
  })

  test.each([
    ['not JSON', '{'],
    ['not a list', '{"type":"email"}'],
    ['a list of non-accounts', '[1,2]'],
  ])('error: linked_accounts %s is refused', async (_name, linked) => {
    const token = await signToken(key, { kind: 'identity', claims: { linked_accounts: linked } })
    await expect(verifyIdentityToken(token, source())).rejects.toMatchObject({ code: 'invalid_claims' })
  })

  test('error: an expired identity token is refused', async () => {
    const token = await signToken(key, { kind: 'identity', ttlSeconds: -1 })
    await expect(verifyIdentityToken(token, source())).rejects.toMatchObject({ code: 'token_expired' })
  })
})
