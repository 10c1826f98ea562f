import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { describe, expect, test } from 'vitest'
import { installErrorHandlers } from '../errors/installErrorHandlers'
import { testSignIn } from '../testing/siwe/testSignIn'
import type { TestContext } from './createTestContext'

const ORIGIN = 'http://localhost:5173'
const NUL_APP_ID = '%00aaaaaaaaaaaaaaaaaaaaaaaa'

/**
 * The bad-input cases (a NUL byte, other control characters, database errors of bad data):
 * each answers 400 `invalid_data`, never 500. Run on PGlite (`badInput.test.ts`) and on PostgreSQL
 * (`badInput.postgres.test.ts`), whose text types refuse U+0000.
 */
export function badInputSuite(context: () => TestContext): void {
  const { signedSiwe, signedSiws } = testSignIn(context)

  async function guestToken(): Promise<string> {
    const response = await context().request({
      method: 'POST',
      url: '/api/v1/guest/authenticate',
      json: { guest_credential: 'g'.repeat(43) },
    })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { token: string }).token
  }

  const expectInvalidData = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode, response.body).toBe(400)
    expect(JSON.parse(response.body)).toMatchObject({ code: 'invalid_data' })
  }

  describe('control characters', () => {
    test.each([
      `/api/v1/apps/${NUL_APP_ID}`,
      `/api/v1/apps/${NUL_APP_ID}/jwks.json`,
      `/apps/${NUL_APP_ID}/embedded-wallets`,
      `/apps/${NUL_APP_ID}/embedded-wallets/export`,
      '/api/v1/apps/%01aaaaaaaaaaaaaaaaaaaaaaaa',
    ])('error: a control character in the app id of GET %s → 400', async (url) => {
      expectInvalidData(await context().request({ method: 'GET', url, appId: null }))
    })

    test.each(['siwe', 'siws'])(
      'error: a NUL in the address of %s/unlink, a guest session → 400',
      async (family) => {
        const response = await context().request({
          method: 'POST',
          url: `/api/v1/${family}/unlink`,
          json: { address: 'x\u0000' },
          bearer: await guestToken(),
        })
        expectInvalidData(response)
      },
    )

    test.each([
      ['walletClientType', 'meta\u0000mask'],
      ['connectorType', 'inject\u0000ed'],
      ['walletClientType', 'bell\u0007'],
    ])('error: %s with a control character on a validly signed SIWE sign-in → 400', async (field, value) => {
      const response = await context().request({
        method: 'POST',
        url: '/api/v1/siwe/authenticate',
        json: { ...(await signedSiwe()), chainId: 1, [field]: value },
        headers: { origin: ORIGIN },
      })
      expectInvalidData(response)
    })

    test('error: a NUL in the SIWS sign-in connector type → 400', async () => {
      const response = await context().request({
        method: 'POST',
        url: '/api/v1/siws/authenticate',
        json: { ...(await signedSiws()), connectorType: 'x\u0000' },
        headers: { origin: ORIGIN },
      })
      expectInvalidData(response)
    })

    test('error: a NUL in an email address → 400', async () => {
      expectInvalidData(
        await context().request({
          method: 'POST',
          url: '/api/v1/passwordless/init',
          json: { email: 'a\u0000b@example.com' },
        }),
      )
    })
  })

  describe('database errors of bad input', () => {
    /** A bare app whose route sends `value` to the database, bypassing every schema. */
    async function rawQueryApp(run: (value: string) => Promise<unknown>) {
      const app = Fastify()
      installErrorHandlers(app)
      app.post('/raw', async (request) => {
        await run((request.body as { value: string }).value)
        return { success: true }
      })
      return app
    }

    test.each([
      ['text', (value: string) => context().db.orm.execute(sql`select ${value}::text as value`)],
      ['jsonb', (value: string) => context().db.orm.execute(sql`select ${JSON.stringify({ value })}::jsonb`)],
    ])('error: U+0000 reaching a %s value → 400 invalid_data', async (_kind, run) => {
      const app = await rawQueryApp(run)
      const response = await app.inject({ method: 'POST', url: '/raw', payload: { value: 'x\u0000' } })
      expectInvalidData(response)
      await app.close()
    })

    test('error: a value too long for its column (22001) → 400 invalid_data', async () => {
      const app = await rawQueryApp((value) =>
        context().db.orm.execute(sql`select ${value}::varchar(3) || ''`),
      )
      // An explicit cast truncates silently; an assignment does not.
      const assigning = await rawQueryApp(async (value) =>
        context().db.orm.execute(
          sql`insert into analytics_events (app_id, event_name, created_at) values (${value}, 'x', now())`,
        ),
      )
      expect(
        (await app.inject({ method: 'POST', url: '/raw', payload: { value: 'abcdef' } })).statusCode,
      ).toBe(200)
      expectInvalidData(
        await assigning.inject({ method: 'POST', url: '/raw', payload: { value: 'a'.repeat(26) } }),
      )
      await app.close()
      await assigning.close()
    })

    test('behavior: other database errors stay 500 internal_error', async () => {
      const app = await rawQueryApp(() => context().db.orm.execute(sql`select * from no_such_table`))
      const response = await app.inject({ method: 'POST', url: '/raw', payload: { value: 'x' } })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ error: 'Internal server error', code: 'internal_error' })
      await app.close()
    })
  })
}
