import type { User } from '@foyer/protocol'
import { describe, expect, test, vi } from 'vitest'
import { testApiUrl, testAppId } from '../../test/createTestApi'
import { createFoyerClient } from '../client/createFoyerClient'
import { WalletProxyError } from '../wallet/errors/WalletProxyError'
import { MfaError } from './MfaError'
import { setMfaSettings } from './mfaSettings'
import { promptMfa, withMfa } from './withMfa'

function clientWith(methods: Array<'totp' | 'sms' | 'passkey'>) {
  const client = createFoyerClient({
    appId: testAppId,
    apiUrl: testApiUrl,
    storage: { get: vi.fn(), set: vi.fn(), remove: vi.fn() },
    fetch: vi.fn(),
  })
  const user = {
    id: 'did:foyer:u',
    created_at: 0,
    linked_accounts: [],
    mfa_methods: methods.map((type) => ({ type, verified_at: 0 })),
    has_accepted_terms: false,
    is_guest: false,
  } satisfies User
  client._internal.setState({ user })
  return client
}
const refused = () =>
  new WalletProxyError('MFA verification required', {
    code: 'missing_or_invalid_mfa',
    event: 'privy:wallets:connect',
  })

describe('withMfa', () => {
  test('default: a refusal opens verification, then the call is retried', async () => {
    const client = clientWith(['totp'])
    const prompt = vi.fn(async () => {})
    setMfaSettings(client, { prompt })
    const action = vi.fn().mockRejectedValueOnce(refused()).mockResolvedValueOnce('0xsig')
    await expect(withMfa(client, action)).resolves.toBe('0xsig')
    expect(prompt).toHaveBeenCalledWith({ methods: ['totp'] })
    expect(action).toHaveBeenCalledTimes(2)
  })

  test('error: at most 4 attempts, then mfa_verification_max_attempts_reached', async () => {
    const client = clientWith(['sms'])
    const prompt = vi.fn(async () => {})
    setMfaSettings(client, { prompt })
    const action = vi.fn(async () => {
      throw refused()
    })
    await expect(withMfa(client, action)).rejects.toMatchObject({
      code: 'mfa_verification_max_attempts_reached',
    })
    expect(action).toHaveBeenCalledTimes(4)
    expect(prompt).toHaveBeenCalledTimes(3)
  })

  test('error: without a factor the refusal is rethrown (a guest’s export)', async () => {
    const client = clientWith([])
    const prompt = vi.fn(async () => {})
    setMfaSettings(client, { prompt })
    const error = refused()
    await expect(withMfa(client, async () => Promise.reject(error))).rejects.toBe(error)
    expect(prompt).not.toHaveBeenCalled()
  })

  test('default: noPromptOnMfaRequired hands verification to the host', async () => {
    const client = clientWith(['totp', 'passkey'])
    const prompt = vi.fn(async () => {})
    const onMfaRequired = vi.fn(async () => {})
    setMfaSettings(client, { prompt, noPromptOnMfaRequired: true, onMfaRequired })
    await promptMfa(client)
    expect(onMfaRequired).toHaveBeenCalledWith({ methods: ['totp', 'passkey'] })
    expect(prompt).not.toHaveBeenCalled()
  })

  test('error: the user closing verification stops the call', async () => {
    const client = clientWith(['totp'])
    setMfaSettings(client, { prompt: async () => Promise.reject(new MfaError('mfa_canceled')) })
    const action = vi.fn(async () => Promise.reject(refused()))
    await expect(withMfa(client, action)).rejects.toMatchObject({
      code: 'mfa_canceled',
      message: 'MFA canceled',
    })
    expect(action).toHaveBeenCalledTimes(1)
  })
})
