import type { User } from '@foyer/protocol'
import { describe, expect, test, vi } from 'vitest'
import { createSignedInTestClient } from '../../../test/createSignedInTestClient'
import { apiError, json, testStorageKey, testUser } from '../../../test/createTestApi'
import { setMfaSettings } from '../../mfa/mfaSettings'
import { linkPhone } from './linkPhone'
import { unlinkPhone } from './unlinkPhone'
import { updatePhone } from './updatePhone'

const phone = (number: string) => ({
  type: 'phone' as const,
  number,
  verified_at: 1_700_000_100,
  first_verified_at: 1_700_000_100,
  latest_verified_at: 1_700_000_100,
})
const withPhone = (number: string): User => ({
  ...testUser,
  linked_accounts: [...testUser.linked_accounts, phone(number)],
})

async function signedIn() {
  const { api, client, storage } = await createSignedInTestClient()
  const token = await storage.get(testStorageKey('access_token'))
  return { api, client, storage, token }
}

describe('linkPhone', () => {
  test('default: POST /link with { phoneNumber, code } and the Bearer token; then the held session is refreshed', async () => {
    const { api, client, storage, token } = await signedIn()
    api.on('POST /api/v1/passwordless_sms/link', () => {
      api.setUser(withPhone('+14155550100'))
      return json(api.user)
    })
    const { user } = await linkPhone(client, { phoneNumber: '+14155550100', code: '123456' })
    const call = api.callsTo('POST /api/v1/passwordless_sms/link')[0]
    expect(call?.body).toEqual({ phoneNumber: '+14155550100', code: '123456' })
    expect(call?.headers.get('authorization')).toBe(`Bearer ${token}`)
    expect(user.linked_accounts.at(-1)).toMatchObject({ type: 'phone', number: '+14155550100' })
    expect(client.getState().user).toEqual(user)
    // The link keeps the session; the refresh after it spends the held token (docs/linked-accounts.md#linking).
    expect(api.callsTo('POST /api/v1/sessions').map((call) => call.body)).toEqual([
      { refresh_token: 'refresh-1' },
    ])
    expect(await storage.get(testStorageKey('refresh_token'))).toBe('refresh-2')
  })

  test('behavior: a user with a second factor refused for want of a fresh verification verifies, then the link and the unlink go through', async () => {
    const { api, client } = await signedIn()
    client._internal.setState({ user: { ...testUser, mfa_methods: [{ type: 'totp', verified_at: 1 }] } })
    let prompts = 0
    setMfaSettings(client, {
      prompt: async () => {
        prompts++
      },
    })
    const required = () => apiError(403, 'missing_or_invalid_mfa', 'MFA verification required')
    let links = 0
    api.on('POST /api/v1/passwordless_sms/link', () => {
      if (++links === 1) return required()
      api.setUser(withPhone('+14155550100'))
      return json(api.user)
    })
    const { user } = await linkPhone(client, { phoneNumber: '+14155550100', code: '123456' })
    expect(prompts).toBe(1)
    expect(api.callsTo('POST /api/v1/passwordless_sms/link').map((call) => call.body)).toEqual([
      { phoneNumber: '+14155550100', code: '123456' },
      { phoneNumber: '+14155550100', code: '123456' },
    ])
    expect(user.linked_accounts.at(-1)).toMatchObject({ type: 'phone', number: '+14155550100' })
    client._internal.setState({ user: { ...user, mfa_methods: [{ type: 'totp', verified_at: 1 }] } })
    let unlinks = 0
    api.on('POST /api/v1/passwordless_sms/unlink', () => (++unlinks === 1 ? required() : json(testUser)))
    await unlinkPhone(client, { phoneNumber: '+14155550100' })
    expect(prompts).toBe(2)
    expect(unlinks).toBe(2)
  })

  test('error: cannot_link_more_of_type keeps the session and user', async () => {
    const { api, client, storage } = await signedIn()
    api.on('POST /api/v1/passwordless_sms/link', () =>
      apiError(400, 'cannot_link_more_of_type', 'User already has an account of type phone linked.'),
    )
    await expect(linkPhone(client, { phoneNumber: '+14155550100', code: '123456' })).rejects.toMatchObject({
      code: 'cannot_link_more_of_type',
    })
    expect(client.getState().user).toEqual(testUser)
    expect(await storage.get(testStorageKey('refresh_token'))).toBe('refresh-1')
  })
})

describe('updatePhone', () => {
  test('default: POST /update with snake_case numbers; the answered user becomes the state', async () => {
    const { api, client } = await signedIn()
    const updated = withPhone('+14155550199')
    api.on('POST /api/v1/passwordless_sms/update', () => json(updated))
    const user = await updatePhone(client, {
      oldPhoneNumber: '+14155550100',
      newPhoneNumber: '+14155550199',
      code: '123456',
    })
    expect(api.callsTo('POST /api/v1/passwordless_sms/update')[0]?.body).toEqual({
      old_phone_number: '+14155550100',
      new_phone_number: '+14155550199',
      code: '123456',
    })
    expect(user).toEqual(updated)
    expect(client.getState().user).toEqual(updated)
  })

  test('behavior: a 503 is retried with the same idempotency-key (the server answers a retry once)', async () => {
    const { api, client } = await signedIn()
    let failures = 1
    api.on('POST /api/v1/passwordless_sms/update', () =>
      failures-- > 0 ? apiError(503, 'internal_error') : json(testUser),
    )
    vi.useFakeTimers()
    const result = updatePhone(client, {
      oldPhoneNumber: '+14155550100',
      newPhoneNumber: '+14155550199',
      code: '123456',
    })
    await vi.runAllTimersAsync()
    vi.useRealTimers()
    expect(await result).toEqual(testUser)
    const calls = api.callsTo('POST /api/v1/passwordless_sms/update')
    expect(calls).toHaveLength(2)
    expect(calls[1]?.headers.get('idempotency-key')).toBe(calls[0]?.headers.get('idempotency-key'))
  })
})

describe('unlinkPhone', () => {
  test('default: POST /unlink with { phoneNumber }; the answered user becomes the state', async () => {
    const { api, client } = await signedIn()
    api.on('POST /api/v1/passwordless_sms/unlink', () => json(testUser))
    const user = await unlinkPhone(client, { phoneNumber: '+14155550100' })
    expect(api.callsTo('POST /api/v1/passwordless_sms/unlink')[0]?.body).toEqual({
      phoneNumber: '+14155550100',
    })
    expect(user).toEqual(testUser)
    expect(client.getState().user).toEqual(testUser)
  })

  test('error: cannot_unlink_sole_account is thrown', async () => {
    const { api, client } = await signedIn()
    api.on('POST /api/v1/passwordless_sms/unlink', () => apiError(400, 'cannot_unlink_sole_account'))
    await expect(unlinkPhone(client, { phoneNumber: '+14155550100' })).rejects.toMatchObject({
      code: 'cannot_unlink_sole_account',
    })
  })
})
