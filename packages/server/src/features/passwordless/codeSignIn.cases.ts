// The code sign-in's atomicity and retries (docs/sessions.md#sign-in-retries), through HTTP, on the database
// a test file gives: PGlite (codeSignIn.test.ts) and PostgreSQL with a connection pool
// (codeSignIn.postgres.test.ts).
import { randomUUID } from 'node:crypto'
import { type AuthResponse, authResponseSchema } from '@foyer/protocol'
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { countStatements } from '../../test/countStatements'
import type { TestContext } from '../../test/createTestContext'
import { idempotentRequests } from '../idempotency/schema'
import { sessions } from '../sessions/schema'
import { linkedAccounts } from '../users/schema'
import { oneTimeCodes } from './schema'
import { SIGN_IN_RETRY_WINDOW_MS } from './signInWithCode'

/** `POST /api/v1/passwordless/authenticate` with `body`, and the `Idempotency-Key` when given. */
export function authenticateWithCode(
  t: TestContext,
  body: { email: string; code: string },
  idempotencyKey?: string,
) {
  return t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    json: body,
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  })
}

/** The auth response of a 200 answer (the body shown when it is not 200). */
export function ok(response: { statusCode: number; body: string; json(): unknown }): AuthResponse {
  expect(response.statusCode, response.body).toBe(200)
  return authResponseSchema.parse(response.json())
}

/** The test cases of a code sign-in on the database of `createContext`. */
export function codeSignInCases(createContext: () => Promise<TestContext>): void {
  let t: TestContext
  let counter = 0
  const freshEmail = () => `retry${++counter}-${randomUUID().slice(0, 8)}@example.com`

  beforeAll(async () => {
    t = await createContext()
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const authenticate = (body: { email: string; code: string }, idempotencyKey?: string) =>
    authenticateWithCode(t, body, idempotencyKey)
  function refresh(refreshToken: string) {
    return t.request({ method: 'POST', url: '/api/v1/sessions', json: { refresh_token: refreshToken } })
  }
  const expectInvalidCode = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'invalid_credentials' })
  }
  async function codeRow(email: string) {
    const [row] = await t.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, email))
    return row
  }
  async function accountCount(email: string) {
    const [row] = await t.db.orm
      .select({ n: count() })
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.type, 'email'), eq(linkedAccounts.subject, email)))
    return Number(row?.n)
  }
  async function liveSessionCount(userDid: string) {
    const [row] = await t.db.orm
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userDid.split(':').at(-1) ?? ''), isNull(sessions.revokedAt)))
    return Number(row?.n)
  }
  /** Runs `run` while every session insert fails in the database (a trigger raising an error). */
  async function withFailingStatement<Result>(
    event: 'insert' | 'update',
    run: () => Promise<Result>,
  ): Promise<Result> {
    const name = `foyer_test_fail_session_${event}`
    await t.db.orm.execute(
      sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
        begin raise exception 'injected failure: session ${event}'; end $$`),
    )
    await t.db.orm.execute(
      sql.raw(
        `create trigger ${name} before ${event} on sessions for each statement execute function ${name}()`,
      ),
    )
    try {
      return await run()
    } finally {
      await t.db.orm.execute(sql.raw(`drop trigger ${name} on sessions`))
    }
  }

  test('error: a failure in the session insert of a new user leaves the code usable and no user', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const failed = await withFailingStatement('insert', () => authenticate({ email, code }))
    expect(failed.statusCode).toBe(500)
    expect((await codeRow(email))?.consumedAt).toBeNull()
    expect(await accountCount(email)).toBe(0)
    const auth = ok(await authenticate({ email, code }))
    expect(auth.is_new_user).toBe(true)
    expect(await accountCount(email)).toBe(1)
  })

  test('error: a failure in the session insert of an existing user leaves the code usable', async () => {
    const email = freshEmail()
    const first = await t.signIn(email)
    const code = await t.sendCode(email)
    const failed = await withFailingStatement('insert', () => authenticate({ email, code }))
    expect(failed.statusCode).toBe(500)
    expect((await codeRow(email))?.consumedAt).toBeNull()
    const again = ok(await authenticate({ email, code }))
    expect(again.user.id).toBe(first.user.id)
    expect(again.is_new_user).toBe(false)
  })

  test('behavior: a retry (same code, same Idempotency-Key) after a 500 that followed the commit signs in the same user', async () => {
    const email = freshEmail()
    const first = await t.signIn(email)
    t.advance(1000)
    const code = await t.sendCode(email)
    const key = randomUUID()
    // The sign-in commits; the live-session cap's update, which follows it, fails: the caller gets a 500,
    // which releases the idempotency key (docs/api.md#retries), so the retry runs again.
    const failed = await withFailingStatement('update', () => authenticate({ email, code }, key))
    expect(failed.statusCode).toBe(500)
    expect((await codeRow(email))?.consumedAt).not.toBeNull()
    const retried = ok(await authenticate({ email, code }, key))
    expect(retried.user.id).toBe(first.user.id)
    expect(retried.is_new_user).toBe(false)
    ok(await refresh(retried.refresh_token ?? ''))
  })

  test('behavior: a retry of a new user’s sign-in whose stored answer is gone gets the same user, still new, and one live session', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const key = randomUUID()
    const first = ok(await authenticate({ email, code }, key))
    expect(first.is_new_user).toBe(true)
    // The answer never reached the caller, and the process stopped before storing it for replay.
    await t.db.orm.delete(idempotentRequests)
    const retried = ok(await authenticate({ email, code }, key))
    expect(retried.user.id).toBe(first.user.id)
    expect(retried.is_new_user).toBe(true)
    expect(retried.refresh_token).not.toBe(first.refresh_token)
    expect(await accountCount(email)).toBe(1)
    // The first session, whose tokens the caller never got, is revoked; the retry's session works.
    expect((await refresh(first.refresh_token ?? '')).statusCode).toBe(401)
    ok(await refresh(retried.refresh_token ?? ''))
    expect(await liveSessionCount(first.user.id)).toBe(1)
  })

  test('error: after a sign-in, the same code with another key, without a key, or after the window fails', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const key = randomUUID()
    const first = ok(await authenticate({ email, code }, key))
    await t.db.orm.delete(idempotentRequests)
    expectInvalidCode(await authenticate({ email, code }, randomUUID()))
    expectInvalidCode(await authenticate({ email, code }))
    await t.db.orm.delete(idempotentRequests)
    // The same key with a wrong code is not a retry.
    const wrong = code === '000000' ? '000001' : '000000'
    expectInvalidCode(await authenticate({ email, code: wrong }, key))
    await t.db.orm.delete(idempotentRequests)
    t.advance(SIGN_IN_RETRY_WINDOW_MS + 1)
    expectInvalidCode(await authenticate({ email, code }, key))
    expect(await liveSessionCount(first.user.id)).toBe(1)
  })

  test('error: a retry key never signs in another destination, nor after a logout', async () => {
    const email = freshEmail()
    const other = freshEmail()
    const code = await t.sendCode(email)
    await t.sendCode(other)
    const key = randomUUID()
    const first = ok(await authenticate({ email, code }, key))
    await t.db.orm.delete(idempotentRequests)
    // Another address with this code and key: its own live code does not match; no result recorded for it.
    expectInvalidCode(await authenticate({ email: other, code }, key))
    await t.db.orm.delete(idempotentRequests)
    const logout = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      json: { refresh_token: first.refresh_token },
      bearer: first.token ?? undefined,
    })
    expect(logout.statusCode).toBe(200)
    expectInvalidCode(await authenticate({ email, code }, key))
  })

  test('behavior: parallel verifies of one new address with its code → one 200, one user, one consume', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => authenticate({ email, code }, randomUUID())),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([200, ...Array.from({ length: 11 }, () => 401)])
    const winner = responses.find((response) => response.statusCode === 200)
    const auth = authResponseSchema.parse(winner?.json())
    expect(auth.is_new_user).toBe(true)
    expect(await accountCount(email)).toBe(1)
    expect(await liveSessionCount(auth.user.id)).toBe(1)
    expect((await codeRow(email))?.consumedAt).not.toBeNull()
  })

  test('behavior: statements per email sign-in: a new user 1, an existing user 2 (the cap), the code send 1', async () => {
    const email = freshEmail()
    // Warm what a process reads once (the app's record), so that only the sign-in's own statements count.
    await t.signIn(freshEmail())
    const counter = countStatements(t.db)
    try {
      const code = await t.sendCode(email)
      const sendStatements = counter.statements.length
      counter.reset()
      ok(await authenticate({ email, code }))
      const signUpStatements = counter.statements.length
      const second = await t.sendCode(email)
      counter.reset()
      ok(await authenticate({ email, code: second }))
      const signInStatements = counter.statements.length
      expect({ sendStatements, signUpStatements, signInStatements }).toEqual({
        sendStatements: 1,
        signUpStatements: 1,
        signInStatements: 2,
      })
    } finally {
      counter.stop()
    }
  })

  test('error: a stored access control the server cannot read is no open sign-up: nobody is created, the code stays', async () => {
    const [app] = await t.db.orm
      .execute<{ settings: unknown }>(sql`select settings from apps where id = ${t.demoApp.id}`)
      .then((result) => (result as unknown as { rows: { settings: unknown }[] }).rows)
    try {
      for (const accessControl of ['"open"', '{"allowlist_enabled": "no"}', '[]']) {
        const email = freshEmail()
        // Sent first: the app's record, cached by the server, is the well-formed one; only the statement
        // reads the stored settings changed under it.
        const code = await t.sendCode(email)
        await t.db.orm.execute(
          sql`update apps set settings = jsonb_set(settings, '{access_control}', ${accessControl}::jsonb)
            where id = ${t.demoApp.id}`,
        )
        const refused = await authenticate({ email, code })
        expect(refused.statusCode, accessControl).not.toBe(200)
        expect(await accountCount(email)).toBe(0)
        expect((await codeRow(email))?.consumedAt).toBeNull()
      }
    } finally {
      await t.db.orm.execute(
        sql`update apps set settings = ${JSON.stringify(app?.settings)}::jsonb where id = ${t.demoApp.id}`,
      )
    }
  })
}
