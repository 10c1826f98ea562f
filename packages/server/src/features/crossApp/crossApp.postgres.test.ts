// Cross-app single-use rules on PostgreSQL, where `Promise.all` over `app.inject` really interleaves the
// statements (PGlite runs one at a time). Skipped without PostgreSQL (see features/concurrency.postgres.test.ts).
import { randomBytes } from 'node:crypto'
import { type AuthResponse, oauthReturnParameters } from '@foyer/protocol'
import { beforeAll, describe, expect, test } from 'vitest'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { useTestContext } from '../../test/useTestContext'
import { createAppRecord, updateAppSettings } from '../apps/service'
import { pkceS256Challenge } from '../oauth/service'

const postgresUrl = testPostgresUrl()
const PARALLEL = 20
const ORIGIN = 'http://localhost:5173'

const t = useTestContext({ databaseUrl: postgresUrl, now: () => Date.now() })
let requesterId: string
let providerUser: AuthResponse

describe.skipIf(!postgresUrl)('cross-app races on PostgreSQL (single-use flow and code)', () => {
  beforeAll(async () => {
    requesterId = (
      await createAppRecord(t.db, { name: 'Shop', allowedOrigins: [ORIGIN], masterKey: t.masterKey })
    ).id
    await updateAppSettings(
      t.db,
      t.demoApp.id,
      {
        cross_app: {
          is_provider: true,
          allowed_requester_app_ids: [requesterId],
          web_url: 'http://127.0.0.1:5173',
        },
      },
      t.masterKey,
    )
    providerUser = await t.signIn('provider@example.com')
  }, 60_000)

  async function started() {
    const verifier = randomBytes(36).toString('base64url')
    const state = randomBytes(36).toString('base64url')
    const init = await t.request({
      method: 'POST',
      url: '/api/v1/oauth/init',
      appId: requesterId,
      json: {
        provider: `privy:${t.demoApp.id}`,
        redirect_to: `${ORIGIN}/`,
        code_challenge: pkceS256Challenge(verifier),
        state_code: state,
      },
    })
    expect(init.statusCode, init.body).toBe(200)
    const authorize = new URL((init.json() as { url: string }).url)
    const consent = {
      code_challenge: authorize.searchParams.get('code_challenge'),
      redirect_to: authorize.searchParams.get('redirect_to'),
      state: authorize.searchParams.get('state'),
    }
    return { consent, verifier, state }
  }

  const consentOnce = (consent: object) =>
    t.request({
      method: 'POST',
      url: '/oauth/authorization_code',
      appId: t.demoApp.id,
      bearer: providerUser.token ?? '',
      json: consent,
    })

  test('behavior: N parallel consents of one flow → one code', async () => {
    const { consent } = await started()
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => consentOnce(consent)))
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(PARALLEL - 1)
  })

  test('behavior: N parallel authenticates of one code → one session', async () => {
    const { consent, verifier, state } = await started()
    const answer = await consentOnce(consent)
    const code = new URL((answer.json() as { url: string }).url).searchParams.get(oauthReturnParameters.code)
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.request({
          method: 'POST',
          url: '/api/v1/oauth/authenticate',
          appId: requesterId,
          json: {
            authorization_code: code,
            state_code: state,
            code_verifier: verifier,
            provider: `privy:${t.demoApp.id}`,
          },
        }),
      ),
    )
    expect(answers.filter((entry) => entry.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((entry) => entry.statusCode === 401)).toHaveLength(PARALLEL - 1)
  })
})
