import { MASKED_SECRET } from '@foyer/protocol/console'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { useTestContext } from '../../../test/useTestContext'
import { apps } from '../../apps/schema'
import { createAppStore, loadApp } from '../../apps/service'
import { signAccessToken, verifyAccessToken } from '../../sessions/tokens'
import {
  type ConsoleAppsContext,
  ConsoleFieldErrors,
  createConsoleApp,
  getConsoleApp,
  listConsoleApps,
  rotateConsoleSigningKey,
  updateConsoleApp,
} from './consoleApps'

const t = useTestContext()
const TTL = 3600

function consoleContext(): ConsoleAppsContext {
  return {
    db: t.db,
    masterKey: t.masterKey,
    apps: createAppStore(t.db, t.masterKey),
    now: t.now,
    accessTokenTtlSeconds: TTL,
  }
}

async function fieldErrorsOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ConsoleFieldErrors)
  return (error as ConsoleFieldErrors).fields
}

describe('console apps service', () => {
  test('creates an app with canonical origins and lists it; invalid name and origins answer each field', async () => {
    const context = consoleContext()
    const created = await createConsoleApp(context, {
      name: ' Shop ',
      allowed_origins: ['HTTPS://Shop.Example:443', 'http://localhost:*'],
    })
    expect(created.name).toBe('Shop')
    expect(created.allowed_origins).toEqual(['https://shop.example', 'http://localhost:*'])
    expect(created.settings.email_auth).toBe(true)
    expect(created.signing_keys).toEqual([{ kid: expect.any(String), verify_until: null }])
    expect((await listConsoleApps(context)).map((app) => app.id)).toContain(created.id)

    const fields = await fieldErrorsOf(
      createConsoleApp(context, {
        name: '  ',
        allowed_origins: ['https://ok.example', 'ftp://x', 'https://a.example/path'],
      }),
    )
    expect(fields.map((field) => [field.path, field.code])).toEqual([
      [['name'], 'too_small'],
      [['allowed_origins', 1], 'invalid_origin'],
      [['allowed_origins', 2], 'invalid_origin'],
    ])
  })

  test('updates settings with the server validation: every invalid field answered, nothing written', async () => {
    const context = consoleContext()
    const app = await createConsoleApp(context, { name: 'Validated', allowed_origins: [] })
    const fields = await fieldErrorsOf(
      updateConsoleApp(context, app.id, {
        allowed_origins: ['not an origin'],
        settings: {
          mfa_methods: ['fax'],
          sms_auth: 'yes',
          login_methods_and_order: { primary: ['sms', 'sms'], overflow: [] },
        },
      }),
    )
    expect(fields.map((field) => field.path.join('.')).sort()).toEqual([
      'allowed_origins.0',
      'settings.login_methods_and_order.overflow',
      'settings.mfa_methods.0',
      'settings.sms_auth',
    ])
    for (const field of fields) expect(field.message).not.toBe('')
    expect((await getConsoleApp(context, app.id))?.settings.sms_auth).toBe(false)

    const changed = await updateConsoleApp(context, app.id, {
      name: 'Renamed',
      allowed_origins: ['https://demo.example'],
      settings: {
        sms_auth: true,
        google_oauth: true,
        login_methods_and_order: { primary: ['google', 'sms'], overflow: ['email'] },
        embedded_wallet_config: { create_on_login: 'users-without-wallets' },
      },
    })
    expect(changed?.before.settings.sms_auth).toBe(false)
    expect(changed?.after).toMatchObject({ name: 'Renamed', allowed_origins: ['https://demo.example'] })
    expect(changed?.after.settings).toMatchObject({
      sms_auth: true,
      google_oauth: true,
      login_methods_and_order: { primary: ['google', 'sms'], overflow: ['email'] },
      // Nested objects merge partially, like `foyer-server app update --settings`.
      embedded_wallet_config: {
        create_on_login: 'users-without-wallets',
        ethereum: { create_on_login: 'off' },
      },
    })
    expect(await updateConsoleApp(context, 'x'.repeat(25), { name: 'None' })).toBeNull()
  })

  test('secrets are write-only: answers mask them, a masked value keeps the secret, another replaces it; sealed at rest', async () => {
    const context = consoleContext()
    const app = await createConsoleApp(context, { name: 'Secrets', allowed_origins: [] })
    const client = { client_id: 'gh-id', client_secret: 'github-secret-0001', scopes: [], apple: null }
    const first = await updateConsoleApp(context, app.id, {
      settings: { captcha_secret_key: 'captcha-secret-0002', oauth: { clients: { github: client } } },
    })
    expect(first?.after.settings.captcha_secret_key).toBe(MASKED_SECRET)
    expect(JSON.stringify(first)).not.toContain('github-secret-0001')
    const [row] = await t.db.orm.select({ settings: apps.settings }).from(apps).where(eq(apps.id, app.id))
    expect(JSON.stringify(row?.settings)).not.toContain('captcha-secret-0002')

    // The form sends the masked values back with another change: the secrets stay.
    await updateConsoleApp(context, app.id, {
      settings: {
        captcha_secret_key: MASKED_SECRET,
        oauth: { clients: { github: { ...client, client_secret: MASKED_SECRET, client_id: 'gh-id-2' } } },
      },
    })
    let loaded = await loadApp(t.db, app.id, t.masterKey)
    expect(loaded?.settings.captcha_secret_key).toBe('captcha-secret-0002')
    expect(loaded?.settings.oauth.clients.github).toMatchObject({
      client_id: 'gh-id-2',
      client_secret: 'github-secret-0001',
    })

    await updateConsoleApp(context, app.id, { settings: { captcha_secret_key: 'captcha-secret-0003' } })
    loaded = await loadApp(t.db, app.id, t.masterKey)
    expect(loaded?.settings.captcha_secret_key).toBe('captcha-secret-0003')
  })

  test('an OAuth client sent as null is removed; the other clients stay', async () => {
    const context = consoleContext()
    const app = await createConsoleApp(context, { name: 'Clients', allowed_origins: [] })
    const client = (id: string) => ({ client_id: id, client_secret: `${id}-secret`, scopes: [], apple: null })
    await updateConsoleApp(context, app.id, {
      settings: { oauth: { clients: { github: client('gh'), google: client('gg') } } },
    })
    const changed = await updateConsoleApp(context, app.id, {
      settings: { oauth: { clients: { github: null } } },
    })
    const clientsOf = (settings: Record<string, unknown> | undefined) =>
      Object.keys((settings?.oauth as { clients?: object } | undefined)?.clients ?? {}).sort()
    expect(clientsOf(changed?.before.settings)).toEqual(['github', 'google'])
    expect(clientsOf(changed?.after.settings)).toEqual(['google'])
    const loaded = await loadApp(t.db, app.id, t.masterKey)
    expect(loaded?.settings.oauth.clients.github).toBeUndefined()
    expect(loaded?.settings.oauth.clients.google).toMatchObject({
      client_id: 'gg',
      client_secret: 'gg-secret',
    })
  })

  test('rotating the signing key: new tokens use the new key, the old key verifies and is published until its tokens expire', async () => {
    const context = consoleContext()
    const app = await createConsoleApp(context, { name: 'Rotated', allowed_origins: [] })
    const before = await loadApp(t.db, app.id, t.masterKey)
    if (!before) throw new Error('no app')
    const issuer = 'https://foyer.test'
    const oldToken = await signAccessToken(
      before,
      { sessionId: 's'.repeat(25), userId: 'u'.repeat(25) },
      { issuer, ttlSeconds: TTL, nowMs: t.now() },
    )
    const rotated = await rotateConsoleSigningKey(context, app.id)
    const [current, retired] = rotated?.after.signing_keys ?? []
    expect(current?.kid).not.toBe(before.kid)
    expect(retired).toEqual({ kid: before.kid, verify_until: Math.floor(t.now() / 1000) + TTL })

    const after = await loadApp(t.db, app.id, t.masterKey)
    if (!after) throw new Error('no app')
    expect(after.kid).toBe(current?.kid)
    expect(await verifyAccessToken(after, oldToken, { issuer, nowMs: t.now() })).toMatchObject({
      sessionId: 's'.repeat(25),
    })
    // A token claiming the old kid after its verification window is refused.
    expect(
      await verifyAccessToken(after, oldToken, {
        issuer,
        nowMs: t.now() + TTL * 1000 + 1000,
        allowExpired: true,
      }),
    ).toBeNull()

    const jwks = await t.request({ method: 'GET', url: `/api/v1/apps/${app.id}/jwks.json` })
    expect(jwks.json().keys.map((key: { kid: string }) => key.kid)).toEqual([after.kid, before.kid])
    expect(await rotateConsoleSigningKey(context, 'x'.repeat(25))).toBeNull()
  })
})
