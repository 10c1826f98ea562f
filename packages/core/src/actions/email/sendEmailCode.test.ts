import { describe, expect, test } from 'vitest'
import { apiError, createTestApi, testApiUrl, testAppId } from '../../../test/createTestApi'
import { createFoyerClient } from '../../client/createFoyerClient'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { sendEmailCode } from './sendEmailCode'

function setup() {
  const api = createTestApi()
  const client = createFoyerClient({
    appId: testAppId,
    apiUrl: testApiUrl,
    storage: createMemoryStorage(),
    fetch: api.fetch,
  })
  return { api, client }
}

describe('sendEmailCode', () => {
  test('default: POST /api/v1/passwordless/init with { email }', async () => {
    const { api, client } = setup()
    await expect(sendEmailCode(client, { email: 'ada@example.com' })).resolves.toBeUndefined()
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/v1/passwordless/init' })
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com' })
  })

  test('behavior: the captcha token is sent as token', async () => {
    const { api, client } = setup()
    await sendEmailCode(client, { email: 'ada@example.com', captchaToken: 'captcha-1' })
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com', token: 'captcha-1' })
  })

  test('error: a 4xx answer is thrown at once, not retried', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/passwordless/init', () => apiError(422, 'disallowed_plus_email', 'No plus emails'))
    await expect(sendEmailCode(client, { email: 'ada+1@example.com' })).rejects.toMatchObject({
      code: 'disallowed_plus_email',
      status: 422,
    })
    expect(api.calls).toHaveLength(1)
  })
})
