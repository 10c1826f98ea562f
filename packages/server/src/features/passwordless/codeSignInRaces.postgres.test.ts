// The code sign-in racing another transaction on PostgreSQL (docs/sessions.md#sign-in-retries): a change
// held open in one connection while the sign-in runs in another, then committed. Skipped without PostgreSQL
// (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it is installed).
import { randomUUID } from 'node:crypto'
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import type { TestContext } from '../../test/createTestContext'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { useTestContext } from '../../test/useTestContext'
import { idempotentRequests } from '../idempotency/schema'
import { sessions } from '../sessions/schema'
import { linkedAccounts } from '../users/schema'
import { authenticateWithCode, ok } from './codeSignIn.cases'
import { oneTimeCodes } from './schema'

const postgresUrl = testPostgresUrl()

describe.skipIf(!postgresUrl)('code sign-in racing a concurrent change on PostgreSQL', () => {
  const t = useTestContext({ databaseUrl: postgresUrl })
  let counter = 0
  const freshEmail = () => `race${++counter}-${randomUUID().slice(0, 8)}@example.com`

  const authenticate = (body: { email: string; code: string }, idempotencyKey?: string) =>
    authenticateWithCode(t, body, idempotencyKey)
  async function liveSessions(userId: string) {
    const [row] = await t.db.orm
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    return Number(row?.n)
  }
  /** Resolves once some statement of this database waits for a row lock (bounded: 10 s). */
  async function someoneWaitsForALock() {
    for (let attempt = 0; attempt < 200; attempt++) {
      const result = (await t.db.orm.execute(
        sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] }
      if ((result.rows[0]?.n ?? 0) > 0) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('no statement waited for a lock within 10 s')
  }
  /**
   * Runs `change` in a transaction held open while `call` starts and blocks on its rows, then commits it
   * and answers what `call` answered.
   */
  async function whileHeld<Result>(
    change: (tx: Parameters<Parameters<TestContext['db']['orm']['transaction']>[0]>[0]) => Promise<unknown>,
    call: () => Promise<Result>,
  ): Promise<Result> {
    let pending: Promise<Result> | undefined
    await t.db.orm.transaction(async (tx) => {
      await change(tx)
      pending = call()
      await someoneWaitsForALock()
    })
    if (!pending) throw new Error('the call never started')
    return pending
  }

  test('behavior: an account removed while its sign-in runs: the code is not spent for nothing (open sign-up: a new user)', async () => {
    const email = freshEmail()
    const first = await t.signIn(email)
    const code = await t.sendCode(email)
    const response = await whileHeld(
      (tx) =>
        tx
          .delete(linkedAccounts)
          .where(and(eq(linkedAccounts.type, 'email'), eq(linkedAccounts.subject, email))),
      () => authenticate({ email, code }),
    )
    // The account was gone when the sign-in got its row: the demo app's open sign-up makes a new user, with
    // a session; never a consumed code and no session.
    const auth = ok(response)
    expect(auth.is_new_user).toBe(true)
    expect(auth.user.id).not.toBe(first.user.id)
    const [row] = await t.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, email))
    expect(row?.resultSessionId).not.toBeNull()
    expect(await liveSessions(auth.user.id.split(':').at(-1) ?? '')).toBe(1)
  })

  test('error: a retry racing the logout of the session it replaces mints no session', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const key = randomUUID()
    const first = ok(await authenticate({ email, code }, key))
    const userId = first.user.id.split(':').at(-1) ?? ''
    await t.db.orm.delete(idempotentRequests)
    const [row] = await t.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, email))
    const sessionId = row?.resultSessionId ?? ''
    expect(sessionId).not.toBe('')
    const retried = await whileHeld(
      (tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)),
      () => authenticate({ email, code }, key),
    )
    expect(retried.statusCode).toBe(401)
    expect(retried.json()).toMatchObject({ code: 'invalid_credentials' })
    expect(await liveSessions(userId)).toBe(0)
  })
})
