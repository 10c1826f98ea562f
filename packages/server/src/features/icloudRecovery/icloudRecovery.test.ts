// iCloud recovery's server calls (docs/recovery-icloud.md) against the CloudKit stand-in: the Apple ID
// sign-in URL CloudKit gives for the app's container, the container configuration, and the rules (offered
// only when configured, a signed-in user, web clients, never a 500).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { type CloudKitStandIn, startCloudKitStandIn } from '../../testing/cloudKit/cloudKitStandIn'
import { apps as appsTable } from '../apps/schema'
import { createAppRecord } from '../apps/service'

const ORIGIN = 'http://localhost:5173'
const container = {
  containerIdentifier: 'iCloud.com.example.wallet',
  environment: 'development',
  apiToken: 'ck-api-token-1',
} as const
const icloudSettings = {
  container_identifier: container.containerIdentifier,
  environment: container.environment,
  api_token: container.apiToken,
}

let t: TestContext
let cloudKit: CloudKitStandIn
const apps: Record<string, { id: string; token: string }> = {}

beforeAll(async () => {
  cloudKit = await startCloudKitStandIn({ containers: [container] })
  t = await createTestContext({ cloudKitApiUrl: `${cloudKit.url}/` })
  const create = async (name: string, settings: Record<string, unknown>) => {
    const id = (
      await createAppRecord(t.db, { name, allowedOrigins: [ORIGIN], settings, masterKey: t.masterKey })
    ).id
    apps[name] = { id, token: (await t.signIn(`${name}@example.com`, id)).token ?? '' }
  }
  const offered = { user_owned_recovery_options: ['user-passcode', 'icloud'] }
  await create('icloud', { embedded_wallet_config: offered, icloud_recovery: icloudSettings })
  await create('notOffered', { icloud_recovery: icloudSettings })
  await create('notConfigured', { embedded_wallet_config: offered })
  await create('wrongToken', {
    embedded_wallet_config: offered,
    icloud_recovery: { ...icloudSettings, api_token: 'not-the-token' },
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await cloudKit?.close()
})

function post(url: string, json: unknown, app = 'icloud', bearer: string | null = apps[app]?.token ?? null) {
  return t.request({ method: 'POST', url, json, appId: apps[app]?.id ?? '', bearer: bearer ?? undefined })
}

describe('POST /api/v1/recovery/oauth/init_icloud', () => {
  test('answers the Apple ID sign-in URL CloudKit gives for the container', async () => {
    const response = await post('/api/v1/recovery/oauth/init_icloud', { client_type: 'web' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      url: `${cloudKit.url}/signin?container=iCloud.com.example.wallet&environment=development`,
    })
  })

  test('403 disallowed_login_method when the app does not offer iCloud or has no container', async () => {
    for (const app of ['notOffered', 'notConfigured']) {
      const response = await post('/api/v1/recovery/oauth/init_icloud', { client_type: 'web' }, app)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        code: 'disallowed_login_method',
        error: 'iCloud recovery not allowed.',
      })
    }
  })

  test('502 when CloudKit refuses the API token (no sign-in URL), never a 500', async () => {
    const response = await post('/api/v1/recovery/oauth/init_icloud', { client_type: 'web' }, 'wrongToken')
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({
      code: 'internal_error',
      error: 'iCloud did not answer with a sign-in URL',
    })
  })

  test('a signed-in user only; web clients; bad bodies are 400', async () => {
    expect(
      (await post('/api/v1/recovery/oauth/init_icloud', { client_type: 'web' }, 'icloud', null)).statusCode,
    ).toBe(401)
    for (const body of [{}, { client_type: 'expo-ios' }, { client_type: 7 }, 'x', null]) {
      const response = await post('/api/v1/recovery/oauth/init_icloud', body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_data' })
    }
  })
})

describe('POST /api/v1/recovery/configuration_icloud', () => {
  test("answers the app's container, environment and API token", async () => {
    const response = await post('/api/v1/recovery/configuration_icloud', { client_type: 'web' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      api_token: 'ck-api-token-1',
      container_identifier: 'iCloud.com.example.wallet',
      environment: 'development',
    })
  })

  test('403 when not offered; 401 without a session; 400 on bad input', async () => {
    expect(
      (await post('/api/v1/recovery/configuration_icloud', { client_type: 'web' }, 'notConfigured'))
        .statusCode,
    ).toBe(403)
    expect(
      (await post('/api/v1/recovery/configuration_icloud', { client_type: 'web' }, 'icloud', null))
        .statusCode,
    ).toBe(401)
    expect((await post('/api/v1/recovery/configuration_icloud', { client_type: ['web'] })).statusCode).toBe(
      400,
    )
  })
})

describe('app settings', () => {
  test('icloud is in the public user_owned_recovery_options only when the container is configured', async () => {
    const options = async (app: string) =>
      (
        await t.request({ method: 'GET', url: `/api/v1/apps/${apps[app]?.id}`, appId: apps[app]?.id ?? '' })
      ).json().embedded_wallet_config.user_owned_recovery_options
    expect(await options('icloud')).toEqual(['user-passcode', 'icloud'])
    expect(await options('notConfigured')).toEqual(['user-passcode'])
    const config = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${apps.icloud?.id}`,
      appId: apps.icloud?.id ?? '',
    })
    expect(JSON.stringify(config.json())).not.toContain('ck-api-token-1')
  })

  test('the API token is sealed at rest', async () => {
    const [row] = await t.db.orm
      .select({ settings: appsTable.settings })
      .from(appsTable)
      .where(eq(appsTable.id, apps.icloud?.id ?? ''))
    const stored = JSON.stringify(row?.settings)
    expect(stored).toContain('iCloud.com.example.wallet')
    expect(stored).not.toContain('ck-api-token-1')
  })
})
