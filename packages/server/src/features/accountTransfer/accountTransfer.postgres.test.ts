// Account transfer races on PostgreSQL: PGlite runs one transaction at a time, so only a
// real server with a connection pool shows that concurrent transfers cannot both move one account or leave
// half a transfer behind. Skipped without PostgreSQL (scripts/postgres/vitestGlobalSetup.mjs starts a
// throwaway cluster when it is installed).
import { type AuthResponse, accountTransferDataSchema, authResponseSchema } from '@foyer/protocol'
import { and, eq, inArray } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, test } from 'vitest'
import type { TestContext } from '../../test/createTestContext'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { useTestContext } from '../../test/useTestContext'
import { toE164 } from '../sms/phoneNumber'
import { linkedAccounts, users } from '../users/schema'
import { accountTransferNonces } from './schema'

const postgresUrl = testPostgresUrl()
const CONTENDERS = 6
const ROUNDS = 3

let t: TestContext
let counter = 0
const freshEmail = () => `transfer-race${++counter}@example.com`
const freshNumber = () => `+1415${String(5_700_000 + ++counter).padStart(7, '0')}`
const userIdOf = (auth: AuthResponse) => auth.user.id.slice('did:foyer:'.length)

function post(url: string, json: unknown, bearer?: string) {
  return t.request({ method: 'POST', url, json, bearer })
}

async function phoneSignIn(): Promise<AuthResponse> {
  const phoneNumber = freshNumber()
  expect((await post('/api/v1/passwordless_sms/init', { phoneNumber })).statusCode).toBe(200)
  const [message] = await t.mailbox(toE164(phoneNumber))
  const response = await post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code: message?.code })
  expect(response.statusCode, response.body).toBe(200)
  return authResponseSchema.parse(response.json())
}

/** `me` links `email` (held by another user): the transfer nonce of the conflict. */
async function conflictNonce(email: string, me: AuthResponse): Promise<string> {
  expect((await post('/api/v1/passwordless/init', { email }, me.token as string)).statusCode).toBe(200)
  const [message] = await t.mailbox(email)
  const response = await post('/api/v1/passwordless/link', { email, code: message?.code }, me.token as string)
  expect(response.statusCode, response.body).toBe(400)
  return accountTransferDataSchema.parse(response.json().data).nonce
}

const ok = (responses: LightMyRequestResponse[]) => responses.filter((r) => r.statusCode === 200)

describe.skipIf(!postgresUrl)('account transfer races on PostgreSQL', () => {
  t = useTestContext({ databaseUrl: postgresUrl })

  test('behavior: users transferring the same account at once — exactly one wins, nothing half done', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = freshEmail()
      const owner = await t.signIn(email)
      const contenders: AuthResponse[] = []
      for (let index = 0; index < CONTENDERS; index++) contenders.push(await phoneSignIn())
      const nonces: string[] = []
      for (const contender of contenders) {
        nonces.push(await conflictNonce(email, contender))
        // The code cooldown of the address (30 s) before the next contender asks for a link code.
        t.advance(31_000)
      }
      const responses = await Promise.all(
        contenders.map((contender, index) =>
          post('/api/v1/passwordless/transfer', { nonce: nonces[index], email }, contender.token as string),
        ),
      )
      const winners = ok(responses)
      expect(winners, responses.map((r) => r.body).join('\n')).toHaveLength(1)
      for (const loser of responses.filter((r) => r.statusCode !== 200))
        expect(loser.json()).toMatchObject({ code: 'invalid_credentials' })
      const winner = contenders[responses.indexOf(winners[0] as LightMyRequestResponse)] as AuthResponse

      // The account belongs to the winner alone; the owner is gone with its sessions; every other
      // contender is untouched (its phone only); no offer is left for the account.
      const holders = await t.db.orm
        .select({ userId: linkedAccounts.userId })
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.type, 'email'), eq(linkedAccounts.subject, email)))
      expect(holders).toEqual([{ userId: userIdOf(winner) }])
      const remaining = await t.db.orm
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [userIdOf(owner), ...contenders.map(userIdOf)]))
      expect(remaining.map((row) => row.id).sort()).toEqual(contenders.map(userIdOf).sort())
      for (const contender of contenders.filter((c) => c !== winner)) {
        const accounts = await t.db.orm
          .select({ type: linkedAccounts.type })
          .from(linkedAccounts)
          .where(eq(linkedAccounts.userId, userIdOf(contender)))
        expect(accounts).toEqual([{ type: 'phone' }])
      }
      const offers = await t.db.orm
        .select({ userId: accountTransferNonces.userId })
        .from(accountTransferNonces)
        .where(eq(accountTransferNonces.subject, email))
      expect(offers).toEqual([])
      expect((await post('/api/v1/sessions', { refresh_token: owner.refresh_token })).statusCode).toBe(401)
    }
  }, 120_000)

  test("behavior: a holder's two accounts transferred at once to two users — both move, and the holder is deleted once empty", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const holder = await phoneSignIn()
      const holderPhone = (holder.user.linked_accounts.find((a) => a.type === 'phone') as { number: string })
        .number
      const email = freshEmail()
      expect((await post('/api/v1/passwordless/init', { email }, holder.token as string)).statusCode).toBe(
        200,
      )
      const [code] = await t.mailbox(email)
      const linked = await post(
        '/api/v1/passwordless/link',
        { email, code: code?.code },
        holder.token as string,
      )
      expect(linked.statusCode, linked.body).toBe(200)
      t.advance(31_000)

      // One user proves the holder's email, another its phone.
      const byEmail = await phoneSignIn()
      const emailNonce = await conflictNonce(email, byEmail)
      const byPhone = await t.signIn()
      expect(
        (await post('/api/v1/passwordless_sms/init', { phoneNumber: holderPhone }, byPhone.token as string))
          .statusCode,
      ).toBe(200)
      const [text] = await t.mailbox(toE164(holderPhone))
      const phoneConflict = await post(
        '/api/v1/passwordless_sms/link',
        { phoneNumber: holderPhone, code: text?.code },
        byPhone.token as string,
      )
      expect(phoneConflict.statusCode, phoneConflict.body).toBe(400)
      const phoneNonce = accountTransferDataSchema.parse(phoneConflict.json().data).nonce

      const [emailMove, phoneMove] = await Promise.all([
        post('/api/v1/passwordless/transfer', { nonce: emailNonce, email }, byEmail.token as string),
        post(
          '/api/v1/passwordless_sms/transfer',
          { nonce: phoneNonce, phoneNumber: holderPhone },
          byPhone.token as string,
        ),
      ])
      expect(
        [emailMove?.statusCode, phoneMove?.statusCode],
        `${emailMove?.body}\n${phoneMove?.body}`,
      ).toEqual([200, 200])
      const owners = await t.db.orm
        .select({ userId: linkedAccounts.userId, type: linkedAccounts.type })
        .from(linkedAccounts)
        .where(inArray(linkedAccounts.userId, [userIdOf(holder), userIdOf(byEmail), userIdOf(byPhone)]))
      expect(owners.filter((row) => row.userId === userIdOf(holder))).toEqual([])
      expect(
        owners
          .filter((row) => row.userId === userIdOf(byEmail))
          .map((row) => row.type)
          .sort(),
      ).toEqual(['email', 'phone'])
      expect(
        owners
          .filter((row) => row.userId === userIdOf(byPhone))
          .map((row) => row.type)
          .sort(),
      ).toEqual(['email', 'phone'])
      const left = await t.db.orm
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userIdOf(holder)))
      expect(left).toEqual([])
      t.advance(31_000)
    }
  }, 120_000)

  test('behavior: one nonce sent 10 times at once moves the account once', async () => {
    const email = freshEmail()
    await t.signIn(email)
    const me = await phoneSignIn()
    const nonce = await conflictNonce(email, me)
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/v1/passwordless/transfer', { nonce, email }, me.token as string),
      ),
    )
    expect(ok(responses)).toHaveLength(1)
    for (const refused of responses.filter((r) => r.statusCode !== 200))
      expect(refused.json()).toMatchObject({ code: 'invalid_credentials' })
  }, 60_000)
})
