import { randomBytes } from 'node:crypto'
import {
  OAUTH_CALLBACK_PATH,
  OAUTH_POPUP_RETURN_PATH,
  OAUTH_STATE_BYTES,
  OAUTH_VERIFIER_BYTES,
} from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestContext } from '../../test/createTestContext'
import { startOAuthTestServer } from '../../test/startOAuthTestServer'
import { authorizeAtLocalIdentityProvider } from '../../testing/localIdentityProvider/authorizeAtLocalIdentityProvider'
import type { LocalIdentityProvider } from '../../testing/localIdentityProvider/startLocalIdentityProvider'
import { createAppRecord } from '../apps/service'
import { POPUP_RETURN_PAGE_CSP } from './popupReturnPage'
import { pkceS256Challenge } from './service'

// docs/modal.md "The popup's return page": the callback answers the popup's page itself.
const PUBLIC_URL = 'http://foyer.test'
const ORIGIN = 'http://localhost:5173'
const PAGE = `${ORIGIN}/shop?tab=1`
const popupReturn = (page: string, base = PUBLIC_URL) =>
  `${base}${OAUTH_POPUP_RETURN_PATH}?return_to=${encodeURIComponent(page)}`
const ada = { subject: '583231', email: 'ada@example.com', name: 'Ada Lovelace', username: 'ada' }

let t: TestContext
let idp: LocalIdentityProvider
let appId: string

beforeAll(async () => {
  ;({ t, idp } = await startOAuthTestServer({ users: [ada], publicUrl: PUBLIC_URL }))
  const settings = await idp.registerApp({ redirectUri: `${PUBLIC_URL}${OAUTH_CALLBACK_PATH}` })
  const record = await createAppRecord(t.db, {
    name: 'OAuth app',
    allowedOrigins: [ORIGIN],
    settings,
    masterKey: t.masterKey,
  })
  appId = record.id
}, 60_000)
afterAll(async () => {
  await t?.close()
  await idp?.close()
})

async function init(redirectTo: string) {
  const state = randomBytes(OAUTH_STATE_BYTES).toString('base64url')
  const verifier = randomBytes(OAUTH_VERIFIER_BYTES).toString('base64url')
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/oauth/init',
    appId,
    json: {
      provider: 'google',
      redirect_to: redirectTo,
      code_challenge: pkceS256Challenge(verifier),
      state_code: state,
    },
  })
  return { response, state }
}

describe('the popup return page', () => {
  test('behavior: the callback answers a page that posts the code to the opener at the app page origin', async () => {
    const { response, state } = await init(popupReturn(PAGE))
    expect(response.statusCode, response.body).toBe(200)
    const back = await authorizeAtLocalIdentityProvider(response.json().url, {
      login: ada.subject,
      returnTo: `${PUBLIC_URL}${OAUTH_CALLBACK_PATH}`,
    })
    const url = new URL(back.url)
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['content-security-policy']).toBe(POPUP_RETURN_PAGE_CSP)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    // No Cross-Origin-Opener-Policy: the page needs its opener.
    expect(page.headers['cross-origin-opener-policy']).toBeUndefined()
    const json = /<script type="application\/json" id="foyer-oauth-return">(.*?)<\/script>/.exec(
      page.body,
    )?.[1]
    const data = JSON.parse(json ?? '{}')
    expect(data.origin).toBe(ORIGIN)
    expect(data.message).toMatchObject({ type: 'PRIVY_OAUTH_RESPONSE', stateCode: state })
    expect(data.message.authorizationCode).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    // Without an opener it goes on to the app's page with the three return parameters.
    const next = new URL(data.page)
    expect(next.origin + next.pathname).toBe(`${ORIGIN}/shop`)
    expect(next.searchParams.get('tab')).toBe('1')
    expect(next.searchParams.get('privy_oauth_code')).toBe(data.message.authorizationCode)
    expect(next.searchParams.get('privy_oauth_state')).toBe(state)
    expect(next.searchParams.get('privy_oauth_provider')).toBe('google')
    // The script the policy allows is the page's own.
    const script = /<script>(.*?)<\/script>/.exec(page.body)?.[1] ?? ''
    const { createHash } = await import('node:crypto')
    expect(POPUP_RETURN_PAGE_CSP).toContain(
      `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
    )
  })

  for (const [name, redirectTo] of [
    ['an app page off the allowed origins', popupReturn('https://evil.example/')],
    ['a return page on another origin than the server', popupReturn(PAGE, 'https://evil.example')],
    ['no return_to', `${PUBLIC_URL}${OAUTH_POPUP_RETURN_PATH}`],
  ] as const)
    test(`error: ${name} is 403 invalid_origin`, async () => {
      const { response } = await init(redirectTo)
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('invalid_origin')
    })
})
