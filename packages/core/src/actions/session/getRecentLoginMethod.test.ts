import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { apiError, createTestApi, json, testApiUrl, testAppId, testUser } from '../../../test/createTestApi'
import { createEthereumTestWallet } from '../../../test/externalTestWallets'
import { createFoyerClient } from '../../client/createFoyerClient'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { loginWithCustomAccessToken } from '../customAuth/loginWithCustomAccessToken'
import { loginWithEmailCode } from '../email/loginWithEmailCode'
import { loginWithExternalWallet } from '../externalWallets/loginWithExternalWallet'
import { loginAsGuest } from '../guest/loginAsGuest'
import { loginWithPasskey } from '../passkey/loginWithPasskey'
import { loginWithSmsCode } from '../sms/loginWithSmsCode'
import { getRecentLoginMethod } from './getRecentLoginMethod'

// The browser's WebAuthn prompt is outside the machine: `@simplewebauthn/browser` is replaced by a stub.
const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}))
vi.mock('@simplewebauthn/browser', () => webauthn)

const recentKey = (appId: string) => `foyer:${appId}:recent_login_method`
const otherAppId = 'otherapp00000000000000000'

function setup(options: { appId?: string; storage?: ReturnType<typeof createMemoryStorage> } = {}) {
  const api = createTestApi()
  const issue = async () => json(await api.issue())
  api.on('POST /api/v1/passwordless_sms/authenticate', issue)
  api.on('POST /api/v1/passkeys/authenticate/init', () =>
    json({ relying_party: 'localhost', options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' } }),
  )
  api.on('POST /api/v1/passkeys/authenticate', issue)
  api.on('POST /api/v1/siwe/init', (call) =>
    json({ nonce: '0123456789abcdef', address: (call.body as { address: string }).address, expires_at: '' }),
  )
  api.on('POST /api/v1/siwe/authenticate', issue)
  api.on('POST /api/v1/guest/authenticate', async () =>
    json(await api.issue({ user: { ...testUser, is_guest: true } })),
  )
  api.on('POST /api/v1/custom_jwt_account/authenticate', issue)
  const storage = options.storage ?? createMemoryStorage()
  const client = createFoyerClient({
    appId: options.appId ?? testAppId,
    apiUrl: testApiUrl,
    storage,
    fetch: api.fetch,
  })
  return { api, client, storage }
}

beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
  webauthn.startAuthentication.mockResolvedValue({
    id: 'cred',
    rawId: 'cred',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

describe('getRecentLoginMethod', () => {
  test('default: null before any sign-in', async () => {
    const { client } = setup()
    expect(await getRecentLoginMethod(client)).toBeNull()
  })

  test("behavior: an email login records 'email' under foyer:<appId>:recent_login_method", async () => {
    const { client, storage } = setup()
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    expect(await storage.get(recentKey(testAppId))).toBe('email')
    expect(await getRecentLoginMethod(client)).toBe('email')
  })

  test("behavior: an SMS login records 'sms'", async () => {
    const { client } = setup()
    await loginWithSmsCode(client, { phoneNumber: '+14155550100', code: '123456' })
    expect(await getRecentLoginMethod(client)).toBe('sms')
  })

  test("behavior: a passkey login records 'passkey'", async () => {
    const { client } = setup()
    await loginWithPasskey(client)
    expect(await getRecentLoginMethod(client)).toBe('passkey')
  })

  test("behavior: a wallet login records 'wallet'", async () => {
    const { client } = setup()
    const { wallet } = createEthereumTestWallet()
    await loginWithExternalWallet(client, {
      wallet,
      domain: 'app.example:5173',
      uri: 'https://app.example:5173',
    })
    expect(await getRecentLoginMethod(client)).toBe('wallet')
  })

  test('behavior: the last successful method wins', async () => {
    const { client } = setup()
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    await loginWithPasskey(client)
    expect(await getRecentLoginMethod(client)).toBe('passkey')
  })

  test('behavior: guest and custom-JWT sign-ins are not recorded and keep the earlier method', async () => {
    const { client, storage } = setup()
    await loginAsGuest(client)
    await loginWithCustomAccessToken(client, { token: 'host-jwt' })
    expect(await storage.get(recentKey(testAppId))).toBeNull()
    await loginWithSmsCode(client, { phoneNumber: '+14155550100', code: '123456' })
    await loginAsGuest(client)
    await loginWithCustomAccessToken(client, { token: 'host-jwt' })
    expect(await getRecentLoginMethod(client)).toBe('sms')
  })

  test('behavior: kept per app in a shared storage', async () => {
    const a = setup()
    const b = setup({ appId: otherAppId, storage: a.storage })
    await loginWithEmailCode(a.client, { email: 'ada@example.com', code: '123456' })
    await loginWithPasskey(b.client)
    expect(await a.storage.get(recentKey(testAppId))).toBe('email')
    expect(await a.storage.get(recentKey(otherAppId))).toBe('passkey')
    expect(await getRecentLoginMethod(a.client)).toBe('email')
    expect(await getRecentLoginMethod(b.client)).toBe('passkey')
  })

  test('behavior: a failed login records nothing', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/passwordless/authenticate', () => apiError(401, 'invalid_credentials'))
    await expect(loginWithEmailCode(client, { email: 'ada@example.com', code: '000000' })).rejects.toThrow()
    expect(await getRecentLoginMethod(client)).toBeNull()
  })

  test("behavior: session_update_action 'clear' (no one signed in) records nothing", async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/passwordless/authenticate', async () =>
      json(await api.issue({ session_update_action: 'clear' })),
    )
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    expect(await getRecentLoginMethod(client)).toBeNull()
  })

  test('behavior: an unknown stored value reads as null', async () => {
    const { client, storage } = setup()
    await storage.set(recentKey(testAppId), 'guest')
    expect(await getRecentLoginMethod(client)).toBeNull()
  })
})
