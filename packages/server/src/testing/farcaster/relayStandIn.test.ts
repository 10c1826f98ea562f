import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type FarcasterRelayStandIn, startFarcasterRelayStandIn } from './relayStandIn'
import { createFarcasterTestPhone } from './testPhone'
import { type FarcasterUserDataStandIn, startFarcasterUserDataStandIn } from './userDataStandIn'

let relay: FarcasterRelayStandIn
let userData: FarcasterUserDataStandIn
beforeAll(async () => {
  relay = await startFarcasterRelayStandIn({ authKey: 'relay-key' })
  userData = await startFarcasterUserDataStandIn({ apiKey: 'data-key' })
})
afterAll(async () => {
  await relay?.close()
  await userData?.close()
})

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${relay.url}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } })

async function openChannel(
  body: Record<string, unknown> = { siweUri: 'https://app.example', domain: 'app.example' },
) {
  const response = await call('/v1/channel', { method: 'POST', body: JSON.stringify(body) })
  return {
    status: response.status,
    body: (await response.json()) as { channelToken: string; url: string; nonce: string },
  }
}

describe('relay stand-in', () => {
  test('default: a channel is pending (202) until the Farcaster app authenticates it (200)', async () => {
    const { status, body } = await openChannel({
      siweUri: 'https://app.example',
      domain: 'app.example',
      nonce: 'abcdef012345',
    })
    expect(status).toBe(201)
    expect(body.nonce).toBe('abcdef012345')
    expect(new URL(body.url).searchParams.get('channelToken')).toBe(body.channelToken)
    const auth = { authorization: `Bearer ${body.channelToken}` }
    expect((await call('/v1/channel/status', { headers: auth })).status).toBe(202)
    const signer = privateKeyToAccount(generatePrivateKey())
    const phone = createFarcasterTestPhone({ relayUrl: relay.url, authKey: 'relay-key' })
    const { message } = await phone.approve(body.url, { fid: 7, signer, profile: { username: 'bob' } })
    expect(message).toContain('farcaster://fid/7')
    expect(message).toContain('Nonce: abcdef012345')
    const completed = await call('/v1/channel/status', { headers: auth })
    expect(completed.status).toBe(200)
    expect(await completed.json()).toMatchObject({ state: 'completed', fid: 7, username: 'bob', message })
  })

  test('error: no siweUri is 400; an unknown token 401; a wrong relay key 401', async () => {
    expect((await openChannel({ domain: 'app.example' })).status).toBe(400)
    expect((await call('/v1/channel/status', { headers: { authorization: 'Bearer nope' } })).status).toBe(401)
    const { body } = await openChannel()
    const phone = createFarcasterTestPhone({ relayUrl: relay.url, authKey: 'wrong-key' })
    await expect(
      phone.approve(body.url, { fid: 7, signer: privateKeyToAccount(generatePrivateKey()) }),
    ).rejects.toThrow('The relay refused')
  })
})

describe('user-data stand-in', () => {
  test('default: the profile as Snapchain user-data messages; the API key is checked', async () => {
    userData.setProfile(9, { username: 'carol', bio: 'hi' })
    const ok = await fetch(`${userData.url}/v1/userDataByFid?fid=9`, { headers: { 'x-api-key': 'data-key' } })
    const page = (await ok.json()) as {
      messages: { data: { userDataBody: { type: string; value: string } } }[]
    }
    expect(page.messages.map((message) => message.data.userDataBody)).toEqual([
      { type: 'USER_DATA_TYPE_USERNAME', value: 'carol' },
      { type: 'USER_DATA_TYPE_BIO', value: 'hi' },
    ])
    expect((await fetch(`${userData.url}/v1/userDataByFid?fid=9`)).status).toBe(401)
    expect(
      (await fetch(`${userData.url}/v1/userDataByFid?fid=x`, { headers: { 'x-api-key': 'data-key' } }))
        .status,
    ).toBe(400)
  })
})
