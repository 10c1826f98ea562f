// The shared lock-out counter of a factor under real concurrency: PGlite runs one transaction at a time, so
// only PostgreSQL with a connection pool shows whether parallel wrong codes from many sessions of one user
// can each be checked before the count locks the factor. Skipped without PostgreSQL
// (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it is installed).
import { and, eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, test } from 'vitest'
import type { TestContext } from '../../test/createTestContext'
import { forkSessions } from '../../test/forkSessions'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { useTestContext } from '../../test/useTestContext'
import { mfaFactorAttempts } from './schema'
import { TOTP_PARAMETERS } from './totp'

const postgresUrl = testPostgresUrl()
const ORIGIN = 'http://localhost:5173'
const SESSIONS = 12
let t: TestContext

const codeAt = (secret: string, ms: number) =>
  new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) }).generate({ timestamp: ms })
const wrong = (code: string) => [...code].map((digit) => String((Number(digit) + 1) % 10)).join('')

function post(url: string, json: unknown, bearer: string) {
  return t.request({ method: 'POST', url, json, bearer, headers: { origin: ORIGIN } })
}

describe.skipIf(!postgresUrl)('the lock-out counter of a factor on PostgreSQL (connection pool)', () => {
  t = useTestContext({ databaseUrl: postgresUrl })

  test('error: 12 parallel wrong TOTP codes from 12 sessions get exactly 3 checked before the factor locks, twice in a row', async () => {
    const auth = await t.signIn('race-lockout@example.com')
    const userId = auth.user.id.split(':').at(-1) ?? ''
    const init = await post('/api/v1/mfa/totp/init', {}, auth.token ?? '')
    const { totpSecret } = init.json() as { totpSecret: string }
    const enrolled = await post(
      '/api/v1/mfa/totp/enroll',
      { code: codeAt(totpSecret, t.now()) },
      auth.token ?? '',
    )
    expect(enrolled.statusCode, enrolled.body).toBe(200)
    const sessions = await forkSessions(t, auth, SESSIONS)
    t.advance(30_000)

    const round = async () => {
      const bad = wrong(codeAt(totpSecret, t.now()))
      const responses = await Promise.all(
        sessions.map((token) => post('/api/v1/mfa/totp/verify', { code: bad }, token)),
      )
      const codes = responses.map((response) => (response.json() as { code: string }).code)
      return {
        invalid: codes.filter((code) => code === 'missing_or_invalid_mfa').length,
        locked: codes.filter((code) => code === 'mfa_verification_max_attempts_reached').length,
      }
    }
    const row = async () => {
      const [stored] = await t.db.orm
        .select()
        .from(mfaFactorAttempts)
        .where(and(eq(mfaFactorAttempts.userId, userId), eq(mfaFactorAttempts.method, 'totp')))
      return stored
    }

    // The first round also races the row's INSERT … ON CONFLICT.
    expect(await round()).toEqual({ invalid: 3, locked: 9 })
    expect(await row()).toMatchObject({ lockouts: 1, lockedUntil: new Date(t.now() + 10_000) })
    t.advance(10_000)
    expect(await round()).toEqual({ invalid: 3, locked: 9 })
    expect(await row()).toMatchObject({ lockouts: 2, lockedUntil: new Date(t.now() + 30_000) })
  })
})
