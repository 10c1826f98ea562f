// Races on PostgreSQL. PGlite runs one transaction at a time, so the "N parallel requests → exactly one
// success" tests next to each feature cannot tell an atomic statement from a read-then-write. Here the app
// runs over a fresh PostgreSQL database with a connection pool (node-postgres, 10 connections by default)
// and `Promise.all` over `app.inject` really interleaves the requests' statements. Skipped without
// PostgreSQL (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it is installed).
import { randomBytes } from 'node:crypto'
import {
  type AuthResponse,
  authenticationResponseToWire,
  authResponseSchema,
  type RegistrationResponseJSON,
  registrationResponseToWire,
  type User,
  userSchema,
} from '@foyer/protocol'
import { and, count, eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import type { TestContext } from '../test/createTestContext'
import { testPostgresUrl } from '../test/testPostgresUrl'
import { useTestContext } from '../test/useTestContext'
import { createSoftAuthenticator, type SoftCredential } from '../testing/passkeys/softAuthenticator'
import { createAppRecord } from './apps/service'
import { refreshTokens, sessions } from './sessions/schema'
import { linkedAccounts, users } from './users/schema'
import { linkAccountToUser, linkEmailToUser, signInWithAccount } from './users/service'

const postgresUrl = testPostgresUrl()
const PARALLEL = 20
const ORIGIN = 'http://localhost:5173'
const RP_ID = 'localhost'
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const authenticator = createSoftAuthenticator()

let t: TestContext
let counter = 0
const freshEmail = (prefix = 'race') => `${prefix}${++counter}@example.com`
/** A fresh, possible US number: +1 415 55x xxxx. */
const freshNumber = () => `+1415${String(5_500_000 + ++counter).padStart(7, '0')}`
const internalId = (user: User) => user.id.replace('did:foyer:', '')
const times = <T>(n: number, make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, index) => make(index)))
const ok = (responses: LightMyRequestResponse[]) => responses.filter((r) => r.statusCode === 200)
const refused = (responses: LightMyRequestResponse[]) => responses.filter((r) => r.statusCode !== 200)
const bodyOf = (response: LightMyRequestResponse) => response.json() as { code?: string; error?: string }

/** A browser request from `ORIGIN` (SIWE and passkeys check the Origin). */
function web(url: string, json: unknown, bearer?: string) {
  return t.request({
    method: 'POST',
    url,
    json,
    bearer,
    headers: { origin: ORIGIN, 'user-agent': CHROME_LINUX },
  })
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await t.db.orm.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId))
  return Number(row?.n)
}

async function accountOwners(type: string, subject: string): Promise<string[]> {
  const rows = await t.db.orm
    .select({ userId: linkedAccounts.userId })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.type, type), eq(linkedAccounts.subject, subject)))
  return rows.map((row) => row.userId)
}

/** Sends an SMS code to `phoneNumber` (a link code with `bearer`) and reads it from the dev mailbox. */
async function smsCode(phoneNumber: string, bearer?: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless_sms/init',
    json: { phoneNumber },
    bearer,
  })
  expect(response.statusCode, response.body).toBe(200)
  const [message] = await t.mailbox(phoneNumber)
  if (!message?.code) throw new Error(`no SMS code for ${phoneNumber}`)
  return message.code
}

// --- SIWE (minimal copy of the helpers of siwe/siwe.test.ts) ---

const newWallet = () => privateKeyToAccount(generatePrivateKey())

/** A signed SIWE message for `account`, with a fresh nonce from `POST /api/v1/siwe/init`. */
async function signedSiwe(account: PrivateKeyAccount, bearer?: string) {
  const init = await web('/api/v1/siwe/init', { address: account.address }, bearer)
  expect(init.statusCode, init.body).toBe(200)
  const { nonce } = init.json() as { nonce: string }
  const message = createSiweMessage({
    domain: 'localhost:5173',
    address: account.address,
    uri: ORIGIN,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt: new Date(t.now()),
  })
  return { message, signature: await account.signMessage({ message }), chainId: 1 }
}

// --- Passkeys (as in passkeys/passkeys.test.ts) ---

/** Registration challenge of the user of `token`, and the registration response of a new credential. */
async function registration(token: string) {
  const init = await web('/api/v1/passkeys/link/init', {}, token)
  expect(init.statusCode, init.body).toBe(200)
  const { options } = init.json() as { options: { challenge: string } }
  return authenticator.register({ challenge: options.challenge, origin: ORIGIN, rpId: RP_ID })
}

function linkPasskey(token: string, response: RegistrationResponseJSON | undefined) {
  return web(
    '/api/v1/passkeys/link',
    { relying_party: RP_ID, authenticator_response: response && registrationResponseToWire(response) },
    token,
  )
}

async function linkNewPasskey(token: string): Promise<SoftCredential> {
  const { response, credential } = await registration(token)
  const linked = await linkPasskey(token, response)
  expect(linked.statusCode, linked.body).toBe(200)
  return credential
}

describe.skipIf(!postgresUrl)('races on PostgreSQL (connection pool, real concurrency)', () => {
  t = useTestContext({ databaseUrl: postgresUrl })

  test('premise: the database is PostgreSQL and the pool runs statements at the same time', async () => {
    expect(t.db.kind).toBe('postgres')
    const started = performance.now()
    await times(4, () => t.db.orm.execute(sql`select pg_sleep(0.3)`))
    // One connection would need ≥ 1.2 s.
    expect(performance.now() - started).toBeLessThan(1000)
  })

  test('security property 4: 20 parallel email authenticates with the right code → exactly one 200 and one session', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const responses = await times(PARALLEL, () =>
      t.request({ method: 'POST', url: '/api/v1/passwordless/authenticate', json: { email, code } }),
    )
    expect(ok(responses)).toHaveLength(1)
    for (const response of refused(responses)) {
      expect(response.statusCode).toBe(401)
      expect(bodyOf(response)).toEqual({
        error: 'Invalid or expired verification code',
        code: 'invalid_credentials',
      })
    }
    const auth = authResponseSchema.parse(ok(responses)[0]?.json())
    expect(await sessionCount(internalId(auth.user))).toBe(1)
  })

  test('security property 4: 20 parallel SMS authenticates with the right code → exactly one 200 and one session', async () => {
    const phoneNumber = freshNumber()
    const code = await smsCode(phoneNumber)
    const responses = await times(PARALLEL, () =>
      t.request({
        method: 'POST',
        url: '/api/v1/passwordless_sms/authenticate',
        json: { phoneNumber, code },
      }),
    )
    expect(ok(responses)).toHaveLength(1)
    for (const response of refused(responses)) {
      expect(response.statusCode).toBe(401)
      expect(bodyOf(response)).toMatchObject({ code: 'invalid_credentials' })
    }
    const auth = authResponseSchema.parse(ok(responses)[0]?.json())
    expect(await sessionCount(internalId(auth.user))).toBe(1)
  })

  test('security property 38: one signed SIWE message sent 20 times in parallel → exactly one 200 and one session', async () => {
    const wallet = newWallet()
    const signed = await signedSiwe(wallet)
    const responses = await times(PARALLEL, () => web('/api/v1/siwe/authenticate', signed))
    expect(ok(responses)).toHaveLength(1)
    for (const response of refused(responses)) {
      expect(response.statusCode).toBe(401)
      expect(bodyOf(response)).toEqual({ error: 'Invalid or expired nonce', code: 'invalid_credentials' })
    }
    const auth = authResponseSchema.parse(ok(responses)[0]?.json())
    expect(await accountOwners('siwe', wallet.address.toLowerCase())).toEqual([internalId(auth.user)])
    expect(await sessionCount(internalId(auth.user))).toBe(1)
  })

  test('security property 48: one passkey assertion sent 20 times in parallel → exactly one 200 and one new session', async () => {
    const owner = await t.signIn(freshEmail('passkey'))
    const credential = await linkNewPasskey(owner.token!)
    const init = await web('/api/v1/passkeys/authenticate/init', {})
    expect(init.statusCode, init.body).toBe(200)
    const { challenge } = (init.json() as { options: { challenge: string } }).options
    // Counter 0 (a synced passkey): the signCount compare-and-set cannot stop a replay, only the challenge.
    const assertion = authenticator.assert({ credential, challenge, origin: ORIGIN, rpId: RP_ID, counter: 0 })
    const before = await sessionCount(internalId(owner.user))
    const responses = await times(PARALLEL, () =>
      web('/api/v1/passkeys/authenticate', {
        relying_party: RP_ID,
        challenge,
        authenticator_response: authenticationResponseToWire(assertion),
      }),
    )
    expect(ok(responses)).toHaveLength(1)
    for (const response of refused(responses)) {
      expect(response.statusCode).toBe(401)
      expect(bodyOf(response)).toMatchObject({ code: 'invalid_credentials' })
    }
    expect(authResponseSchema.parse(ok(responses)[0]?.json()).user.id).toBe(owner.user.id)
    expect(await sessionCount(internalId(owner.user))).toBe(before + 1)
  })

  test('security property 22: 20 parallel refreshes of one token → all 200 with ONE successor, no revocation', async () => {
    const auth = await t.signIn(freshEmail('refresh'))
    const responses = await times(PARALLEL, () =>
      t.request({ method: 'POST', url: '/api/v1/sessions', json: { refresh_token: auth.refresh_token } }),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(Array(PARALLEL).fill(200))
    const successors = new Set(responses.map((r) => authResponseSchema.parse(r.json()).refresh_token))
    expect(successors.size).toBe(1)
    const userId = internalId(auth.user)
    const [session] = await t.db.orm.select().from(sessions).where(eq(sessions.userId, userId))
    expect(session?.revokedAt).toBeNull()
    // One lineage: the first token and its single child.
    const tokens = await t.db.orm.select().from(refreshTokens).where(eq(refreshTokens.sessionId, session!.id))
    expect(tokens).toHaveLength(2)
    const next = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      json: { refresh_token: [...successors][0] },
    })
    expect(next.statusCode, next.body).toBe(200)
  })

  test('security property 52: 5 users link one wallet in parallel (each with its own signed nonce) → one wins, the rest are offered a transfer', async () => {
    const wallet = newWallet()
    const users: AuthResponse[] = []
    for (let index = 0; index < 5; index++) users.push(await t.signIn(freshEmail('wallet-link')))
    const signed = await Promise.all(users.map((user) => signedSiwe(wallet, user.token!)))
    const responses = await Promise.all(
      users.map((user, index) => web('/api/v1/siwe/link', signed[index], user.token!)),
    )
    expect(ok(responses)).toHaveLength(1)
    for (const response of refused(responses)) {
      expect(response.statusCode).toBe(400)
      // The account is taken, so the loser is offered a transfer (with its own nonce).
      expect(bodyOf(response)).toMatchObject({
        error: 'Account transfer required',
        code: 'account_transfer_required',
      })
    }
    // A link answers the user (docs/linked-accounts.md#linking).
    const winner = userSchema.parse(ok(responses)[0]?.json())
    expect(await accountOwners('siwe', wallet.address.toLowerCase())).toEqual([internalId(winner)])
  })

  // A phone or email link is proven by a 'link' code, and a destination has one live link code at a time,
  // so over HTTP the code already serializes two users; the UNIQUE is exercised at the service level.
  test('security properties 52 and 55: 10 users link one phone in parallel → one wins, the rest are offered a transfer', async () => {
    const phone = freshNumber()
    const userIds = await userIdsOfFreshEmailUsers(10)
    const results = await Promise.allSettled(
      userIds.map((userId) =>
        linkAccountToUser(t, {
          appId: t.demoApp.id,
          userId,
          type: 'phone',
          subject: phone,
          now: new Date(),
        }),
      ),
    )
    expectOneWinner(results)
    const winner = userIds[results.findIndex((result) => result.status === 'fulfilled')]
    expect(await accountOwners('phone', phone)).toEqual([winner])
  })

  test('security properties 52 and 55: 10 users link one email in parallel → one wins, the rest are offered a transfer', async () => {
    const email = freshEmail('shared')
    const userIds = await userIdsOfFreshPhoneUsers(10)
    const results = await Promise.allSettled(
      userIds.map((userId) => linkEmailToUser(t, { appId: t.demoApp.id, userId, email, now: new Date() })),
    )
    expectOneWinner(results)
    const winner = userIds[results.findIndex((result) => result.status === 'fulfilled')]
    expect(await accountOwners('email', email)).toEqual([winner])
  })

  test('security property 52: an SMS sign-up racing a link of the same phone leaves the phone with exactly one owner', async () => {
    for (let round = 0; round < 20; round++) {
      const phone = freshNumber()
      const linker = await t.signIn(freshEmail('phone-linker'))
      const linkCode = await smsCode(phone, linker.token!)
      const loginCode = await smsCode(phone)
      const [link, login] = await Promise.all([
        t.request({
          method: 'POST',
          url: '/api/v1/passwordless_sms/link',
          json: { phoneNumber: phone, code: linkCode },
          bearer: linker.token!,
        }),
        t.request({
          method: 'POST',
          url: '/api/v1/passwordless_sms/authenticate',
          json: { phoneNumber: phone, code: loginCode },
        }),
      ])
      expect(login.statusCode, login.body).toBe(200)
      const signedIn = authResponseSchema.parse(login.json())
      const owners = await accountOwners('phone', phone)
      expect(owners).toHaveLength(1)
      if (link.statusCode === 200) {
        // The link won: the SMS sign-in opened the linker's account.
        expect(signedIn.user.id).toBe(linker.user.id)
        expect(signedIn.is_new_user).toBe(false)
        expect(owners).toEqual([internalId(linker.user)])
      } else {
        // The sign-up won: a new user owns the phone, the link is refused with a transfer offer.
        expect(link.statusCode, link.body).toBe(400)
        expect(bodyOf(link).code).toBe('account_transfer_required')
        expect(owners).toEqual([internalId(signedIn.user)])
      }
    }
  })

  // Each link checks "not registered yet" before its insert; two overlapping links both pass that check and
  // meet at the UNIQUE, which must answer 400, not 500. Rounds make an overlap likely.
  test('security property 51: 10 users link one passkey credential id in parallel → one wins, the rest linked_to_another_user', async () => {
    for (let round = 0; round < 10; round++) {
      const users: AuthResponse[] = []
      for (let index = 0; index < 10; index++) users.push(await t.signIn(freshEmail('passkey-id')))
      const credentialId = new Uint8Array(randomBytes(32))
      const registrations: ReturnType<typeof authenticator.register>[] = []
      for (const user of users) {
        const init = await web('/api/v1/passkeys/link/init', {}, user.token!)
        const { challenge } = (init.json() as { options: { challenge: string } }).options
        registrations.push(authenticator.register({ challenge, origin: ORIGIN, rpId: RP_ID, credentialId }))
      }
      const responses = await Promise.all(
        users.map((user, index) => linkPasskey(user.token!, registrations[index]?.response)),
      )
      expect(ok(responses)).toHaveLength(1)
      for (const response of refused(responses)) {
        expect(response.statusCode, response.body).toBe(400)
        expect(bodyOf(response).code).toBe('linked_to_another_user')
      }
      expect(await accountOwners('passkey', registrations[0]!.response.id)).toHaveLength(1)
    }
  }, 30_000)

  // The limit is checked by `insert … select … where (select count(*) …) < 5`: each statement counts in its
  // own snapshot, so two links that overlap both see 4 and both insert. A round of 20 parallel links shows
  // it about 40 % of the time; 10 rounds stop at the first overshoot.
  test('passkey limit: a user with 4 passkeys links 20 more in parallel → exactly 5 passkeys, the rest cannot_link_more_of_type', async () => {
    for (let round = 0; round < 10; round++) {
      const user = await t.signIn(freshEmail('passkey-limit'))
      for (let index = 0; index < 4; index++) await linkNewPasskey(user.token!)
      const registrations: Awaited<ReturnType<typeof registration>>[] = []
      for (let index = 0; index < PARALLEL; index++) registrations.push(await registration(user.token!))
      const responses = await Promise.all(
        registrations.map(({ response }) => linkPasskey(user.token!, response)),
      )
      const [row] = await t.db.orm
        .select({ n: count() })
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.userId, internalId(user.user)), eq(linkedAccounts.type, 'passkey')))
      expect(Number(row?.n), `round ${round}: passkeys of the user`).toBe(5)
      expect(ok(responses)).toHaveLength(1)
      for (const response of refused(responses)) {
        expect(response.statusCode).toBe(400)
        expect(bodyOf(response).code).toBe('cannot_link_more_of_type')
      }
    }
  }, 30_000)

  /** `count` attestations for sign-up in `appId` (each with its own challenge), of one credential id if given. */
  async function signUpRegistrations(appId: string, count: number, credentialId?: Uint8Array<ArrayBuffer>) {
    const responses = []
    for (let index = 0; index < count; index++) {
      const init = await t.request({
        method: 'POST',
        url: '/api/v1/passkeys/register/init',
        json: {},
        appId,
        headers: { origin: ORIGIN },
      })
      expect(init.statusCode, init.body).toBe(200)
      const { challenge } = (init.json() as { options: { challenge: string } }).options
      const { response } = authenticator.register({
        challenge,
        origin: ORIGIN,
        rpId: RP_ID,
        ...(credentialId ? { credentialId } : {}),
      })
      responses.push(response)
    }
    return responses
  }

  function register(appId: string, response: RegistrationResponseJSON) {
    return t.request({
      method: 'POST',
      url: '/api/v1/passkeys/register',
      json: { relying_party: RP_ID, authenticator_response: registrationResponseToWire(response) },
      appId,
      headers: { origin: ORIGIN, 'user-agent': CHROME_LINUX },
    })
  }

  async function usersOf(appId: string): Promise<number> {
    const [row] = await t.db.orm.select({ n: count() }).from(users).where(eq(users.appId, appId))
    return Number(row?.n)
  }

  test('passkey sign-up: 10 sign-ups with one credential id in parallel → one user, the rest linked_to_another_user', async () => {
    const app = await createAppRecord(t.db, {
      name: 'Passkey sign-up race',
      allowedOrigins: [ORIGIN],
      settings: { passkey_auth: true, passkeys_for_signup_enabled: true },
      masterKey: t.masterKey,
    })
    for (let round = 0; round < 5; round++) {
      const credentialId = new Uint8Array(randomBytes(32))
      const attestations = await signUpRegistrations(app.id, 10, credentialId)
      const responses = await Promise.all(attestations.map((response) => register(app.id, response)))
      expect(ok(responses)).toHaveLength(1)
      for (const response of refused(responses)) {
        expect(response.statusCode, response.body).toBe(400)
        expect(bodyOf(response).code).toBe('linked_to_another_user')
      }
      expect(await usersOf(app.id)).toBe(round + 1)
    }
  }, 30_000)

  test('passkey sign-up: 20 parallel sign-ups at a limit of 5 users → exactly 5 users, the rest max_accounts_reached', async () => {
    const app = await createAppRecord(t.db, {
      name: 'Passkey sign-up limit',
      allowedOrigins: [ORIGIN],
      settings: {
        passkey_auth: true,
        passkeys_for_signup_enabled: true,
        access_control: { allowlist_enabled: false, allowlist: [], max_users: 5 },
      },
      masterKey: t.masterKey,
    })
    const attestations = await signUpRegistrations(app.id, PARALLEL)
    const responses = await Promise.all(attestations.map((response) => register(app.id, response)))
    expect(ok(responses)).toHaveLength(5)
    for (const response of refused(responses)) {
      expect(response.statusCode, response.body).toBe(403)
      expect(bodyOf(response).code).toBe('max_accounts_reached')
    }
    expect(await usersOf(app.id)).toBe(5)
  }, 30_000)
})

async function userIdsOfFreshEmailUsers(n: number): Promise<string[]> {
  const userIds: string[] = []
  for (let index = 0; index < n; index++) {
    const { userId } = await signInWithAccount(t, {
      appId: t.demoApp.id,
      type: 'email',
      subject: freshEmail('linker'),
      mode: 'login-or-sign-up',
      now: new Date(),
    })
    userIds.push(userId)
  }
  return userIds
}

async function userIdsOfFreshPhoneUsers(n: number): Promise<string[]> {
  const userIds: string[] = []
  for (let index = 0; index < n; index++) {
    const { userId } = await signInWithAccount(t, {
      appId: t.demoApp.id,
      type: 'phone',
      subject: freshNumber(),
      mode: 'login-or-sign-up',
      now: new Date(),
    })
    userIds.push(userId)
  }
  return userIds
}

function expectOneWinner(results: PromiseSettledResult<unknown>[]): void {
  expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
  for (const result of results)
    if (result.status === 'rejected')
      expect(result.reason).toMatchObject({ code: 'account_transfer_required' })
}
