import { createPrivateKey, createPublicKey, createSign, generateKeyPairSync, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAppRecord } from '../../../../server/src/features/apps/service'
import { customJwt } from '../../../../server/src/features/customJwt/method'
import { createTestContext, type TestContext } from '../../../../server/src/test/createTestContext'
import { injectFetch } from '../../../../server/src/test/injectFetch'
import { createFoyerClient } from '../../client/createFoyerClient'
import type { FoyerClient } from '../../client/FoyerClient'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { loginWithEmailCode } from '../email/loginWithEmailCode'
import { refreshSession } from '../session/refreshSession'
import { linkCustomAccessToken } from './linkCustomAccessToken'

const ISSUER = 'https://host.example'
const AUDIENCE = 'foyer-core-test'
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

/** A token the host's issuer signs for `subject` (RS256, RFC 7519), valid 300 s on the server's test clock. */
function hostToken(subject: string): string {
  const now = Math.floor(t.now() / 1000)
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ sub: subject, iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 300 })}`
  const signature = createSign('RSA-SHA256')
    .update(input)
    .sign(createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })))
  return `${input}.${signature.toString('base64url')}`
}

// The real server in process (PGlite), reached through `app.inject`.
let t: TestContext
let appId: string

beforeAll(async () => {
  t = await createTestContext({ methods: [customJwt()] })
  appId = (
    await createAppRecord(t.db, {
      name: 'Core custom JWT link',
      masterKey: t.masterKey,
      settings: {
        custom_jwt_auth: {
          enabled: true,
          issuer: ISSUER,
          audience: AUDIENCE,
          subject_claim: 'sub',
          public_key_pem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
          algorithms: ['RS256'],
        },
      },
    })
  ).id
}, 60_000)
afterAll(async () => {
  await t?.close()
})

/** A client of the app signed in as a new user with a fresh email. */
async function emailUser(): Promise<FoyerClient> {
  const client = createFoyerClient({
    appId,
    apiUrl: 'http://foyer.test',
    storage: createMemoryStorage(),
    fetch: injectFetch(t.app),
  })
  const email = `core-link-${randomUUID()}@example.com`
  await loginWithEmailCode(client, { email, code: await t.sendCode(email, appId) })
  return client
}

describe('linkCustomAccessToken (against the server)', () => {
  test('default: the signed-in user gets the host identity and stays signed in', async () => {
    const client = await emailUser()
    const userId = client.getState().user?.id
    const subject = `host-${randomUUID()}`
    const user = await linkCustomAccessToken(client, { token: hostToken(subject) })
    expect(user.id).toBe(userId)
    expect(user.linked_accounts.find((account) => account.type === 'custom_auth')).toMatchObject({
      custom_user_id: subject,
    })
    expect(client.getState().user).toEqual(user)
    // The session is kept: the client's held refresh token still refreshes, to the same user.
    expect((await refreshSession(client))?.id).toBe(userId)
    expect(
      client
        .getState()
        .user?.linked_accounts.map((account) => account.type)
        .sort(),
    ).toEqual(['custom_auth', 'email'])
  })

  test('error: an identity another user holds is linked_to_another_user; the caller keeps its user', async () => {
    const subject = `host-${randomUUID()}`
    await linkCustomAccessToken(await emailUser(), { token: hostToken(subject) })
    const other = await emailUser()
    const before = other.getState().user
    await expect(linkCustomAccessToken(other, { token: hostToken(subject) })).rejects.toMatchObject({
      code: 'linked_to_another_user',
    })
    expect(other.getState().user).toEqual(before)
  })

  test('error: a token the app does not trust is invalid_credentials', async () => {
    const client = await emailUser()
    const [header, payload] = hostToken('forged').split('.')
    await expect(
      linkCustomAccessToken(client, {
        token: `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`,
      }),
    ).rejects.toMatchObject({ code: 'invalid_credentials' })
  })
})
