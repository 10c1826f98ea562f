// OAuth's single-use rules on PostgreSQL, where `Promise.all` over `app.inject` really interleaves the
// statements (PGlite runs one at a time). Skipped without PostgreSQL (see features/concurrency.postgres.test.ts).
import { randomBytes } from 'node:crypto'
import { OAUTH_CALLBACK_PATH, oauthReturnParameters } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestContext } from '../../test/createTestContext'
import { startOAuthTestServer } from '../../test/startOAuthTestServer'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { authorizeAtLocalIdentityProvider } from '../../testing/localIdentityProvider/authorizeAtLocalIdentityProvider'
import type { LocalIdentityProvider } from '../../testing/localIdentityProvider/startLocalIdentityProvider'
import { createAppRecord } from '../apps/service'
import { pkceS256Challenge } from './service'

const postgresUrl = testPostgresUrl()
const PARALLEL = 20
const PUBLIC_URL = 'http://foyer.test'
const CALLBACK = `${PUBLIC_URL}${OAUTH_CALLBACK_PATH}`
const ORIGIN = 'http://localhost:5173'

let t: TestContext
let idp: LocalIdentityProvider
let appId: string

describe.skipIf(!postgresUrl)('OAuth races on PostgreSQL (docs/security.md properties 34, 37)', () => {
  beforeAll(async () => {
    ;({ t, idp } = await startOAuthTestServer({
      users: [{ subject: '7', email: 'ada@example.com', username: 'ada' }],
      databaseUrl: postgresUrl,
      publicUrl: PUBLIC_URL,
    }))
    const github = await idp.registerClient({ provider: 'github', redirectUri: CALLBACK })
    appId = (
      await createAppRecord(t.db, {
        name: 'OAuth races',
        allowedOrigins: [ORIGIN],
        settings: { github_oauth: true, oauth: { clients: { github }, return_tokens: false } },
        masterKey: t.masterKey,
      })
    ).id
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await idp?.close()
  })

  async function providerReturn() {
    const verifier = randomBytes(36).toString('base64url')
    const state = randomBytes(36).toString('base64url')
    const init = await t.request({
      method: 'POST',
      url: '/api/v1/oauth/init',
      appId,
      json: {
        provider: 'github',
        redirect_to: `${ORIGIN}/`,
        code_challenge: pkceS256Challenge(verifier),
        state_code: state,
      },
    })
    expect(init.statusCode, init.body).toBe(200)
    const back = await authorizeAtLocalIdentityProvider((init.json() as { url: string }).url, {
      login: '7',
      returnTo: CALLBACK,
    })
    return { url: new URL(back.url), verifier, state }
  }

  test('behavior: N parallel callbacks of one state → one code', async () => {
    const { url } = await providerReturn()
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.app.inject({ method: 'GET', url: url.pathname + url.search })),
    )
    expect(answers.filter((answer) => answer.statusCode === 303)).toHaveLength(1)
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(PARALLEL - 1)
  })

  test('behavior: N parallel authenticates of one code → one session', async () => {
    const { url, verifier, state } = await providerReturn()
    const callback = await t.app.inject({ method: 'GET', url: url.pathname + url.search })
    const code = new URL(String(callback.headers.location)).searchParams.get(oauthReturnParameters.code)
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.request({
          method: 'POST',
          url: '/api/v1/oauth/authenticate',
          appId,
          json: { authorization_code: code, state_code: state, code_verifier: verifier },
        }),
      ),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(PARALLEL - 1)
  })
})
