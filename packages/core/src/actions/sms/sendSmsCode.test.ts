import { describe, expect, test } from 'vitest'
import { apiError, createTestApi, json, testApiUrl, testAppId } from '../../../test/createTestApi'
import { createFoyerClient } from '../../client/createFoyerClient'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { sendSmsCode } from './sendSmsCode'

function setup() {
  const api = createTestApi()
  api.on('POST /api/v1/passwordless_sms/init', () => json({ success: true }))
  const client = createFoyerClient({
    appId: testAppId,
    apiUrl: testApiUrl,
    storage: createMemoryStorage(),
    fetch: api.fetch,
  })
  return { api, client }
}

describe('sendSmsCode', () => {
  test('default: POST /api/v1/passwordless_sms/init with { phoneNumber }', async () => {
    const { api, client } = setup()
    await expect(sendSmsCode(client, { phoneNumber: '+14155550100' })).resolves.toBeUndefined()
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/v1/passwordless_sms/init' })
    expect(api.calls[0]?.body).toEqual({ phoneNumber: '+14155550100' })
  })

  test('behavior: the captcha token is sent as token', async () => {
    const { api, client } = setup()
    await sendSmsCode(client, { phoneNumber: '+14155550100', captchaToken: 'captcha-1' })
    expect(api.calls[0]?.body).toEqual({ phoneNumber: '+14155550100', token: 'captcha-1' })
  })

  test('error: region_not_supported is thrown at once, not retried', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/passwordless_sms/init', () =>
      apiError(400, 'region_not_supported', 'SMS authentication from this region is not available'),
    )
    await expect(sendSmsCode(client, { phoneNumber: '+2250700000000' })).rejects.toMatchObject({
      code: 'region_not_supported',
      status: 400,
      shortMessage: 'SMS authentication from this region is not available',
    })
    expect(api.calls).toHaveLength(1)
  })
})
