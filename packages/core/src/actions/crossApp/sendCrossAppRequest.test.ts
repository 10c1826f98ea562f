import { crossAppErrorMessages, type User } from '@foyer/protocol'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createFakeOAuthWindow } from '../../../test/createFakeOAuthWindow'
import { createTestApi, createTestClient, json, testAppId } from '../../../test/createTestApi'
import { crossAppTokenKey } from '../../crossApp/crossAppTokenStorage'
import { CrossAppError } from '../../errors/CrossAppError'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { sendCrossAppRequest } from './sendCrossAppRequest'

const PROVIDER = 'p'.repeat(25)
const WALLET = '0x1111111111111111111111111111111111111111'
const TRANSACT = 'http://provider.test/oauth/transact?appId=p'

/** A JWT with `exp` (seconds); the client only decodes it. */
function jwt(exp: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'ES256', typ: 'cross-app+jwt' })}.${part({ sub: 'did:foyer:x', exp })}.sig`
}

const user: User = {
  id: 'did:foyer:requester',
  created_at: 1,
  has_accepted_terms: false,
  is_guest: false,
  mfa_methods: [],
  linked_accounts: [
    {
      type: 'cross_app',
      provider_app_id: PROVIDER,
      subject: 'did:foyer:provider-user',
      embedded_wallets: [{ address: WALLET }],
      smart_wallets: [],
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    },
  ],
}

async function setup(options: { readOnly?: boolean; token?: string | null; connected?: boolean } = {}) {
  const fake = createFakeOAuthWindow()
  vi.stubGlobal('window', fake.window)
  const api = createTestApi()
  api.on(`GET /api/v1/apps/${testAppId}/cross-app/connections`, () =>
    json({
      connections:
        options.connected === false
          ? []
          : [
              {
                provider_app_id: PROVIDER,
                provider_app_name: 'Provider',
                provider_app_icon_url: null,
                provider_app_custom_api_url: 'http://provider.test/?appId=p',
                provider_app_custom_auth_authorize_url: null,
                provider_app_custom_auth_transact_url: TRANSACT,
                read_only: options.readOnly === true,
              },
            ],
      data_classification: 'public',
    }),
  )
  const storage = createMemoryStorage()
  const token = options.token === undefined ? jwt(Math.floor(Date.now() / 1000) + 3600) : options.token
  if (token) await storage.set(crossAppTokenKey(testAppId, PROVIDER), token)
  const client = createTestClient(api, { storage })
  client._internal.setState({ user })
  return { api, client, fake, storage }
}

const sign = (client: Awaited<ReturnType<typeof setup>>['client'], address = WALLET) =>
  sendCrossAppRequest(client, { address, method: 'personal_sign', params: ['0x6869', address] })

/** The failure of `promise` (a resolution fails the test). */
const failed = (promise: Promise<unknown>): Promise<CrossAppError> =>
  promise.then(
    (): never => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e as CrossAppError,
  )

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('sendCrossAppRequest', () => {
  test('default: the transact page answers the result; its token update is applied', async () => {
    const { client, fake, storage } = await setup()
    const pending = sign(client)
    const popup = await fake.popupAway()
    fake.dispatch({
      origin: 'http://provider.test',
      source: popup,
      data: { type: 'PRIVY_CROSS_APP_ACTION_RESPONSE', result: '0xsig', token: { action: 'clear' } },
    })
    await expect(pending).resolves.toBe('0xsig')
    expect(popup.closed).toBe(true)
    expect(fake.listenerCount()).toBe(0)
    expect(await storage.get(crossAppTokenKey(testAppId, PROVIDER))).toBeNull()
  })

  test('default: the URL carries the token and the JSON request', async () => {
    const { client, fake } = await setup()
    const replaced: string[] = []
    const pending = sign(client)
    await vi.waitFor(() => expect(fake.popups[0]).toBeDefined())
    const popup = fake.popups[0]
    if (!popup) throw new Error('no popup')
    const original = popup.location.replace.bind(popup.location)
    popup.location.replace = (url: string) => {
      replaced.push(url)
      original(url)
    }
    await vi.waitFor(() => expect(replaced).toHaveLength(1))
    const url = new URL(replaced[0] ?? '')
    expect(url.origin + url.pathname).toBe('http://provider.test/oauth/transact')
    expect(url.searchParams.get('appId')).toBe('p')
    expect(url.searchParams.get('token')).toMatch(/^ey/)
    expect(JSON.parse(url.searchParams.get('request') ?? '')).toMatchObject({
      content: { request: { request: { method: 'personal_sign', params: ['0x6869', WALLET] } } },
      callbackUrl: 'http://app.test',
    })
    popup.close()
    await expect(pending).rejects.toThrow(crossAppErrorMessages.rejected)
  })

  test(`error: '${crossAppErrorMessages.wrongAddress}'`, async () => {
    const { client, fake } = await setup()
    const error = await failed(sign(client, '0x2222222222222222222222222222222222222222'))
    expect(error).toBeInstanceOf(CrossAppError)
    expect(error.shortMessage).toBe('Cannot request a signature with this wallet address')
    expect(fake.popups[0]?.closed).toBe(true)
  })

  test(`error: '${crossAppErrorMessages.readOnly}'`, async () => {
    const { client, fake } = await setup({ readOnly: true })
    const error = await failed(sign(client))
    expect(error.shortMessage).toBe('Cannot transact against a read-only provider app')
    expect(error.code).toBe('cross_app_read_only')
    expect(fake.popups[0]?.closed).toBe(true)
  })

  test(`error: '${crossAppErrorMessages.invalidConnection}'`, async () => {
    const { client } = await setup({ connected: false })
    await expect(sign(client)).rejects.toThrow('Invalid connected app')
  })

  test(`error: '${crossAppErrorMessages.invalidToken}' (none stored, or its exp passed)`, async () => {
    const none = await setup({ token: null })
    await expect(sign(none.client)).rejects.toThrow('Transactions require a valid token')
    vi.unstubAllGlobals()
    const expired = await setup({ token: jwt(Math.floor(Date.now() / 1000) - 1) })
    await expect(sign(expired.client)).rejects.toThrow('Transactions require a valid token')
    // The expired token was dropped.
    expect(await expired.storage.get(crossAppTokenKey(testAppId, PROVIDER))).toBeNull()
  })

  test(`error: '${crossAppErrorMessages.initFailed}' (no popup)`, async () => {
    const { client, fake } = await setup()
    fake.block()
    await expect(sign(client)).rejects.toThrow('Failed to initialize signature request')
  })

  test(`error: '${crossAppErrorMessages.rejected}' when the popup is closed (checked every 300 ms)`, async () => {
    const { client, fake } = await setup()
    const pending = failed(sign(client))
    const popup = await fake.popupAway()
    vi.useFakeTimers()
    popup.close()
    await vi.advanceTimersByTimeAsync(299)
    let settled = false
    void pending.then(() => {
      settled = true
    })
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await pending
    expect(error.shortMessage).toBe('User rejected request')
  })

  test(`error: '${crossAppErrorMessages.timeout}' after 120 s`, async () => {
    const { client, fake } = await setup()
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] })
    const pending = failed(sign(client))
    // setImmediate is not faked: let the connections call answer and the popup go to the provider.
    for (let turn = 0; turn < 100; turn++) {
      await new Promise((resolve) => setImmediate(resolve))
      try {
        void fake.popups[0]?.location.href
      } catch {
        break
      }
    }
    expect(() => fake.popups[0]?.location.href).toThrow()
    let settled = false
    void pending.then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(119_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await pending
    expect(error.shortMessage).toBe('Request timeout')
    expect(fake.popups[0]?.closed).toBe(true)
  })

  test('error: the provider page answers a spec text, or another failure; other origins are ignored', async () => {
    const { client, fake } = await setup()
    const pending = failed(sign(client))
    const popup = await fake.popupAway()
    fake.dispatch({
      origin: 'https://evil.test',
      source: popup,
      data: { type: 'PRIVY_CROSS_APP_ACTION_RESPONSE', result: '0xforged' },
    })
    fake.dispatch({
      origin: 'http://provider.test',
      source: popup,
      data: {
        type: 'PRIVY_CROSS_APP_ACTION_ERROR',
        error: 'Cannot transact against a read-only provider app',
      },
    })
    const error = await pending
    expect(error.code).toBe('cross_app_read_only')
  })
})
