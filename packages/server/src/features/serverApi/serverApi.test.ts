import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { signInConsoleOperator } from '../../test/consoleOperator'
import { useTestContext } from '../../test/useTestContext'
import { operatorConsole } from '../console/plugin'
import { users } from '../users/schema'
import { APP_SECRET_GRACE_SECONDS, hashAppSecret } from './appSecrets'
import { appSecrets } from './schema'

const OPERATOR = 'secrets-ops@console.test'
const t = useTestContext({ features: [operatorConsole({ operators: [OPERATOR] })] })
let operatorToken = ''

/** A console call as the page makes it. */
const consoleCall = (method: 'GET' | 'POST', url: string, json?: unknown) =>
  t.request({ method, url, bearer: operatorToken, appId: CONSOLE_APP_ID, ...(json ? { json } : {}) })

/** A server API call with Basic `appId:secret` and `privy-app-id: headerAppId`. */
function serverCall(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  appId: string,
  secret: string,
  options: { json?: unknown; headerAppId?: string } = {},
) {
  return t.request({
    method,
    url,
    appId: options.headerAppId ?? appId,
    headers: { authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}` },
    ...(options.json ? { json: options.json } : {}),
  })
}

async function createApp(name: string): Promise<{ id: string; app_secret: string }> {
  const created = await consoleCall('POST', '/api/v1/console/apps', { name, allowed_origins: [] })
  expect(created.statusCode, created.body).toBe(200)
  return created.json() as { id: string; app_secret: string }
}

beforeAll(async () => {
  operatorToken = await signInConsoleOperator(t, OPERATOR)
})

describe('app secrets and the server API', () => {
  it('default: a new app gets a secret, stored only as its SHA-256; the API finds, reads and deletes users', async () => {
    const app = await createApp('Back-end shop')
    expect(app.app_secret).toMatch(/^foyer_secret_[A-Za-z0-9_-]{43}$/)
    const stored = await t.db.orm.select().from(appSecrets).where(eq(appSecrets.appId, app.id))
    expect(stored).toEqual([expect.objectContaining({ secretHash: hashAppSecret(app.app_secret) })])
    expect(JSON.stringify(stored)).not.toContain(app.app_secret.slice(13))

    const auth = await t.signIn('Server.Api@example.com', app.id)
    const found = await serverCall('POST', '/api/v1/users/email/address', app.id, app.app_secret, {
      json: { address: 'SERVER.API@example.com' },
    })
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json()).toMatchObject({
      id: auth.user.id,
      linked_accounts: [expect.objectContaining({ type: 'email', address: 'server.api@example.com' })],
    })
    const byId = await serverCall('GET', `/api/v1/users/${auth.user.id}`, app.id, app.app_secret)
    expect(byId.json()).toEqual(found.json())
    const missing = await serverCall('POST', '/api/v1/users/email/address', app.id, app.app_secret, {
      json: { address: 'nobody@example.com' },
    })
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'user_does_not_exist'])
    expect(
      (await serverCall('POST', '/api/v1/users/email/address', app.id, app.app_secret, { json: {} }))
        .statusCode,
    ).toBe(400)

    // Another app's user is not reachable with this app's secret.
    const other = await t.signIn('someone-else@example.com')
    expect(
      (await serverCall('GET', `/api/v1/users/${other.user.id}`, app.id, app.app_secret)).statusCode,
    ).toBe(404)
    expect(
      (await serverCall('DELETE', `/api/v1/users/${other.user.id}`, app.id, app.app_secret)).statusCode,
    ).toBe(404)

    const deleted = await serverCall('DELETE', `/api/v1/users/${auth.user.id}`, app.id, app.app_secret)
    expect(deleted.statusCode, deleted.body).toBe(204)
    const userId = auth.user.id.split(':').at(-1) ?? ''
    expect(await t.db.orm.select().from(users).where(eq(users.id, userId))).toEqual([])
    const refresh = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      appId: app.id,
      json: { refresh_token: auth.refresh_token },
    })
    expect(refresh.statusCode).toBe(401)
  })

  it("error: a wrong secret, another app's secret, a mismatched header or no Basic credentials are 401", async () => {
    const first = await createApp('First')
    const second = await createApp('Second')
    const url = `/api/v1/users/did:foyer:${'a'.repeat(25)}`
    const refused = [
      await serverCall('GET', url, first.id, `${first.app_secret}x`),
      await serverCall('GET', url, first.id, second.app_secret),
      await serverCall('GET', url, second.id, first.app_secret),
      await serverCall('GET', url, first.id, first.app_secret, { headerAppId: second.id }),
      await serverCall('GET', url, 'x'.repeat(25), first.app_secret),
      await t.request({ method: 'GET', url, appId: first.id }),
      await t.request({ method: 'GET', url, appId: first.id, bearer: first.app_secret }),
      await t.request({ method: 'GET', url, appId: first.id, headers: { authorization: 'Basic %%%' } }),
    ]
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(401)
      expect(answer.json().code).toBe('invalid_credentials')
    }
    // The right secret reaches the route (no such user there).
    expect((await serverCall('GET', url, first.id, first.app_secret)).statusCode).toBe(404)
    // A hash is unique across apps, a database rule.
    await expect(
      t.db.orm.insert(appSecrets).values({
        id: 'y'.repeat(25),
        appId: second.id,
        secretHash: hashAppSecret(first.app_secret),
        createdAt: new Date(t.now()),
        expiresAt: new Date(t.now()),
      }),
    ).rejects.toThrow()
  })

  it('behavior: rotation keeps the previous secret for the grace period, then refuses it; revocation is at once', async () => {
    const app = await createApp('Rotating')
    const probe = (secret: string) =>
      serverCall('GET', `/api/v1/users/${'b'.repeat(25)}`, app.id, secret).then((answer) => answer.statusCode)

    const rotated = await consoleCall('POST', `/api/v1/console/apps/${app.id}/rotate_secret`)
    expect(rotated.statusCode, rotated.body).toBe(200)
    const second = rotated.json() as { app_secret: string; secrets: { expires_at: number | null }[] }
    expect(second.secrets.map((secret) => secret.expires_at)).toEqual([
      null,
      Math.floor(t.now() / 1000) + APP_SECRET_GRACE_SECONDS,
    ])
    expect([await probe(app.app_secret), await probe(second.app_secret)]).toEqual([404, 404])
    expect((await consoleCall('GET', `/api/v1/console/apps/${app.id}/secrets`)).json().secrets).toHaveLength(
      2,
    )

    // Rotate again, then revoke the previous secrets before their grace period ends.
    const third = (await consoleCall('POST', `/api/v1/console/apps/${app.id}/rotate_secret`)).json()
    expect(await probe(second.app_secret)).toBe(404)
    const revoked = await consoleCall('POST', `/api/v1/console/apps/${app.id}/revoke_previous_secrets`)
    expect(revoked.json().secrets).toEqual([expect.objectContaining({ expires_at: null })])
    expect([
      await probe(app.app_secret),
      await probe(second.app_secret),
      await probe(third.app_secret),
    ]).toEqual([401, 401, 404])
    // One current secret per app is a database rule.
    await expect(
      t.db.orm
        .insert(appSecrets)
        .values({ id: 'z'.repeat(25), appId: app.id, secretHash: 'f'.repeat(64), createdAt: new Date() }),
    ).rejects.toThrow()

    const audit = await consoleCall('GET', '/api/v1/console/audit')
    const events = (audit.json().events as { action: string; target: { id: string } }[]).filter(
      (event) => event.target.id === app.id,
    )
    expect(events.map((event) => event.action).sort()).toEqual([
      'app.create',
      'app.revoke_previous_secrets',
      'app.rotate_secret',
      'app.rotate_secret',
    ])
    for (const value of [app.app_secret, second.app_secret, third.app_secret])
      expect(audit.body).not.toContain(value)
    expect(
      (await consoleCall('POST', `/api/v1/console/apps/${'q'.repeat(25)}/rotate_secret`)).statusCode,
    ).toBe(404)

    // Without a revocation, the previous secret is refused once its grace period is over.
    const fourth = (await consoleCall('POST', `/api/v1/console/apps/${app.id}/rotate_secret`)).json()
    t.advance(APP_SECRET_GRACE_SECONDS * 1000 - 1000)
    expect([await probe(third.app_secret), await probe(fourth.app_secret)]).toEqual([404, 404])
    t.advance(2000)
    expect([await probe(third.app_secret), await probe(fourth.app_secret)]).toEqual([401, 404])
  })
})
