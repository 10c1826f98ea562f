import { describe, expect, test } from 'vitest'
import { apiError, createTestApi, createTestClient, json } from '../../../test/createTestApi'
import type { FoyerClient } from '../../client/FoyerClient'
import { sendEmailCode } from '../email/sendEmailCode'
import { sendSmsCode } from '../sms/sendSmsCode'

/** The two send-code actions, each with its route, how it names the address, and an address to send to. */
const channels = [
  {
    name: 'sendEmailCode',
    path: '/api/v1/passwordless/init',
    field: 'email',
    address: 'ada@example.com',
    send: (client: FoyerClient, address: string, captchaToken?: string) =>
      sendEmailCode(client, { email: address, captchaToken }),
  },
  {
    name: 'sendSmsCode',
    path: '/api/v1/passwordless_sms/init',
    field: 'phoneNumber',
    address: '+14155550100',
    send: (client: FoyerClient, address: string, captchaToken?: string) =>
      sendSmsCode(client, { phoneNumber: address, captchaToken }),
  },
] as const

function setup() {
  const api = createTestApi()
  api.on('POST /api/v1/passwordless_sms/init', () => json({ success: true }))
  const client = createTestClient(api)
  return { api, client }
}

describe.each(channels)('$name', ({ path, field, address, send }) => {
  test(`default: POST ${path} with { ${field} }`, async () => {
    const { api, client } = setup()
    await expect(send(client, address)).resolves.toBeUndefined()
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]).toMatchObject({ method: 'POST', path })
    expect(api.calls[0]?.body).toEqual({ [field]: address })
  })

  test('behavior: the captcha token is sent as token', async () => {
    const { api, client } = setup()
    await send(client, address, 'captcha-1')
    expect(api.calls[0]?.body).toEqual({ [field]: address, token: 'captcha-1' })
  })
})

describe('sendEmailCode', () => {
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

describe('sendSmsCode', () => {
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
