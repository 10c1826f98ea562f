import { appConfigSchema, defaultAppSettings } from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { createLocalJWKSet, createRemoteJWKSet, importSPKI, jwtVerify } from 'jose'
import { describe, expect, test } from 'vitest'
import { DEMO_APP_ID, DEMO_PROVIDER_APP_ID, seedDemoApp } from '../../demo/demoApps'
import { useTestContext } from '../../test/useTestContext'
import { toAppConfig } from './appRecords'
import { mergeSettings } from './mergeSettings'
import { apps } from './schema'
import { createAppRecord, findAppRecord, listAppRecords, loadApp } from './service'

const t = useTestContext()

const signIn = (email: string) => t.signIn(email)

describe('GET /api/v1/apps/:appId', () => {
  test('default: the demo app config parses with appConfigSchema; nested objects are never null', async () => {
    const response = await t.request({ method: 'GET', url: `/api/v1/apps/${DEMO_APP_ID}`, appId: null })
    expect(response.statusCode).toBe(200)
    const config = appConfigSchema.parse(response.json())
    expect(config).toMatchObject({ id: DEMO_APP_ID, name: 'Foyer Demo', email_auth: true })
    expect(config.verification_key).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/,
    )
    expect(config.created_at).toBe(Math.floor(t.demoApp.createdAt.getTime() / 1000))
    expect(config.updated_at).toBe(config.created_at)
    expect(config.embedded_wallet_config.ethereum.create_on_login).toBe('off')
    expect(config.embedded_wallet_config.solana.create_on_login).toBe('off')
    for (const key of ['allowlist_config', 'funding_config', 'smart_wallet_config'] as const)
      expect(config[key]).toBeTypeOf('object')
    // Telegram's options appear once the app's bot is configured (docs/app-config.md#telegram).
    expect(config.telegram_auth_config).toBeUndefined()
    await importSPKI(config.verification_key, 'ES256')
  })

  test('behavior: settings overrides are merged over the defaults', async () => {
    const created = await createAppRecord(t.db, {
      name: 'Custom',
      masterKey: t.masterKey,
      settings: {
        accent_color: '#ff0000',
        embedded_wallet_config: { ethereum: { create_on_login: 'all-users' } },
      },
    })
    const config = appConfigSchema.parse(
      (await t.request({ method: 'GET', url: `/api/v1/apps/${created.id}` })).json(),
    )
    expect(config.accent_color).toBe('#ff0000')
    expect(config.embedded_wallet_config).toEqual({
      ...defaultAppSettings.embedded_wallet_config,
      ethereum: { create_on_login: 'all-users' },
      mode: 'legacy-embedded-wallets-only',
    })
  })

  test('error: malformed id → 400 invalid_data; unknown → 404 not_found', async () => {
    const short = await t.request({ method: 'GET', url: '/api/v1/apps/short' })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({ code: 'invalid_data' })
    const unknown = await t.request({ method: 'GET', url: '/api/v1/apps/unknownapp000000000000000' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: 'App not found', code: 'not_found' })
  })

  test('error: unknown route → 404 not_found', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/nope' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'not_found' })
  })
})

describe('GET /api/v1/apps/:appId/jwks.json', () => {
  test('default: the JWKS verifies an issued access token (kid = RFC 7638 thumbprint)', async () => {
    const auth = await signIn('jwks@example.com')
    const response = await t.request({ method: 'GET', url: `/api/v1/apps/${DEMO_APP_ID}/jwks.json` })
    expect(response.statusCode).toBe(200)
    const jwks = response.json() as { keys: Array<{ kid: string }> }
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })
    expect(jwks.keys[0]).not.toHaveProperty('d')
    const { payload, protectedHeader } = await jwtVerify(auth.token!, createLocalJWKSet(response.json()), {
      issuer: 'foyer',
      audience: DEMO_APP_ID,
      algorithms: ['ES256'],
      currentDate: new Date(t.now()),
    })
    expect(protectedHeader.kid).toBe(jwks.keys[0]?.kid)
    expect(payload.sub).toBe(auth.user.id)
  })

  test('behavior: createRemoteJWKSet against a listening server', async () => {
    const auth = await signIn('remote-jwks@example.com')
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const jwks = createRemoteJWKSet(new URL(`${address}/api/v1/apps/${DEMO_APP_ID}/jwks.json`))
    const { payload } = await jwtVerify(auth.token!, jwks, {
      audience: DEMO_APP_ID,
      currentDate: new Date(t.now()),
    })
    expect(payload.sid).toBeTypeOf('string')
  })
})

describe('apps service', () => {
  test('default: ids are 25 lowercase alphanumerics; the private key is not stored as plaintext PEM', async () => {
    const created = await createAppRecord(t.db, {
      name: 'Shop',
      allowedOrigins: ['https://shop.example'],
      masterKey: t.masterKey,
    })
    expect(created.id).toMatch(/^[a-z0-9]{25}$/)
    const [row] = await t.db.orm.select().from(apps).where(eq(apps.id, created.id))
    expect(row?.encryptedPrivateKey).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(row?.encryptedPrivateKey).not.toContain('PRIVATE KEY')
    expect(Buffer.from(row!.encryptedPrivateKey.slice(3), 'base64url').toString('latin1')).not.toContain(
      'PRIVATE',
    )
    const loaded = await loadApp(t.db, created.id, t.masterKey)
    expect(loaded?.privateKey.type).toBe('private')
  })

  test('error: a wrong master key cannot decrypt the private key', async () => {
    const created = await createAppRecord(t.db, { name: 'Locked', masterKey: t.masterKey })
    await expect(loadApp(t.db, created.id, new Uint8Array(32))).rejects.toThrow()
  })

  test('error: invalid name, origin or settings are refused', async () => {
    await expect(createAppRecord(t.db, { name: ' ', masterKey: t.masterKey })).rejects.toThrow('name')
    await expect(
      createAppRecord(t.db, {
        name: 'X',
        allowedOrigins: ['https://x.example/path'],
        masterKey: t.masterKey,
      }),
    ).rejects.toThrow('Invalid origin')
    await expect(
      createAppRecord(t.db, { name: 'X', settings: { email_auth: 'yes' }, masterKey: t.masterKey }),
    ).rejects.toThrow()
  })

  test('behavior: seedDemoApp is idempotent and race-safe', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => seedDemoApp(t.db, { masterKey: t.masterKey })),
    )
    for (const result of results) expect(result.publicKeyPem).toBe(t.demoApp.publicKeyPem)
    expect((await listAppRecords(t.db, t.masterKey)).filter((app) => app.id === DEMO_APP_ID)).toHaveLength(1)
    expect((await findAppRecord(t.db, DEMO_APP_ID, t.masterKey))?.allowedOrigins).toEqual([
      'http://localhost:*',
      'http://127.0.0.1:*',
    ])
  })

  test('behavior: seedDemoApp gives the demo app the OAuth settings it is passed', async () => {
    const oauthSettings = {
      github_oauth: true,
      oauth: {
        clients: { github: { client_id: 'demo-github', client_secret: 's', scopes: [], apple: null } },
        return_tokens: false,
      },
    }
    const seeded = await seedDemoApp(t.db, { masterKey: t.masterKey, env: 'test', oauthSettings })
    expect(seeded.settings.github_oauth).toBe(true)
    expect(seeded.settings.oauth.clients.github?.client_id).toBe('demo-github')
  })

  test('behavior: seedDemoApp gives the demo app the delegated-actions setting it is passed', async () => {
    const delegatedActions = {
      authorization_public_keys: ['MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE'],
      policy: { version: '1.0' as const, name: 'Sends', chain_type: 'ethereum' as const, rules: [] },
      daily_value_limit_wei: '10000000000000000',
    }
    const seeded = await seedDemoApp(t.db, { masterKey: t.masterKey, env: 'test', delegatedActions })
    expect(seeded.settings.delegated_actions).toEqual(delegatedActions)
  })

  test("behavior: seedDemoApp with the demo host's JWKS turns on custom JWT sign-in (not in production)", async () => {
    const hostJwksUrl = 'http://localhost:5173/api/host/jwks.json'
    const seeded = await seedDemoApp(t.db, { masterKey: t.masterKey, env: 'test', hostJwksUrl })
    expect(seeded.settings.custom_jwt_auth).toMatchObject({
      enabled: true,
      issuer: 'foyer-demo-host',
      audience: 'foyer-demo',
      jwks_url: hostJwksUrl,
    })
    // Another demo port later: the existing demo app follows it; its other settings stay.
    const moved = await seedDemoApp(t.db, {
      masterKey: t.masterKey,
      env: 'test',
      hostJwksUrl: 'http://localhost:5174/api/host/jwks.json',
    })
    expect(moved.settings.custom_jwt_auth.jwks_url).toBe('http://localhost:5174/api/host/jwks.json')
    expect(moved.settings.sms_auth).toBe(true)
    expect(moved.publicKeyPem).toBe(t.demoApp.publicKeyPem)
  })

  test("behavior: seedDemoApp with a Coinbase project turns on 'Transfer from an exchange'", async () => {
    const coinbase = { project_id: 'project-1', api_key_id: 'key-1', api_key_secret: 'c2VjcmV0' }
    const seeded = await seedDemoApp(t.db, { masterKey: t.masterKey, env: 'test', coinbase })
    expect(seeded.settings.funding_providers.coinbase).toEqual(coinbase)
    expect(seeded.settings.funding_config.options).toContainEqual({
      method: 'exchange',
      provider: 'coinbase',
    })
    // The card provider stays.
    expect(seeded.settings.funding_providers.moonpay).not.toBeNull()
  })

  test('behavior: seedDemoApp with an iCloud container (npm run demo) offers iCloud recovery in the public config', async () => {
    const icloud = {
      container_identifier: 'iCloud.dev.foyer.demo',
      environment: 'development' as const,
      api_token: 'ck-api-token',
    }
    const seeded = await seedDemoApp(t.db, { masterKey: t.masterKey, env: 'test', icloud })
    expect(seeded.settings.icloud_recovery).toEqual(icloud)
    const config = toAppConfig(seeded)
    expect(config.embedded_wallet_config.user_owned_recovery_options).toEqual([
      'user-passcode',
      'google-drive',
      'icloud',
    ])
    expect(JSON.stringify(config)).not.toContain('ck-api-token')
  })

  test('behavior: seedDemoApp seeds the cross-app provider demo app for the demo app, its pages at the URL given', async () => {
    const webUrl = 'http://127.0.0.1:5173/?appId=foyerdemoprovider00000000'
    await seedDemoApp(t.db, { masterKey: t.masterKey, env: 'test', providerWebUrl: webUrl })
    const provider = await findAppRecord(t.db, DEMO_PROVIDER_APP_ID, t.masterKey)
    expect(provider?.name).toBe('Foyer Demo Provider')
    expect(provider?.settings.cross_app).toEqual({
      is_provider: true,
      allowed_requester_app_ids: [DEMO_APP_ID],
      read_only: false,
      web_url: webUrl,
    })
    // Another demo port later: the provider follows it.
    await seedDemoApp(t.db, {
      masterKey: t.masterKey,
      env: 'test',
      providerWebUrl: 'http://127.0.0.1:5174/?appId=foyerdemoprovider00000000',
    })
    expect((await findAppRecord(t.db, DEMO_PROVIDER_APP_ID, t.masterKey))?.settings.cross_app.web_url).toBe(
      'http://127.0.0.1:5174/?appId=foyerdemoprovider00000000',
    )
  })

  test('behavior: mergeSettings deep-merges objects and replaces arrays', () => {
    const merged = mergeSettings({ mfa_methods: ['totp'], allowlist_config: { error_title: 'No' } })
    expect(merged.mfa_methods).toEqual(['totp'])
    expect(merged.allowlist_config).toEqual({ ...defaultAppSettings.allowlist_config, error_title: 'No' })
  })
})
