import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signSignedKeyRequest } from '../../features/farcasterSigner/signedKeyRequest'
import { type SignedKeyRequestStandIn, startSignedKeyRequestStandIn } from './signedKeyRequestStandIn'
import { startFarcasterAppSimulator } from './startFarcasterAppSimulator'
import type { FarcasterStandIns } from './startFarcasterStandIns'

const custodyKey = generatePrivateKey()
const custody = privateKeyToAccount(custodyKey).address
const lookedUpKey = generatePrivateKey()
let standIn: SignedKeyRequestStandIn

beforeAll(async () => {
  standIn = await startSignedKeyRequestStandIn({
    custody: { 7: custody },
    custodyOf: async (fid) => (fid === 8 ? privateKeyToAccount(lookedUpKey).address : null),
  })
})
afterAll(() => standIn?.close())

async function submit(overrides: Record<string, unknown> = {}, signWith = custodyKey) {
  const key = bytesToHex(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
  const deadline = Math.floor(Date.now() / 1000) + 3600
  const requestFid = (overrides.requestFid as number | undefined) ?? 7
  const signature = await signSignedKeyRequest(signWith, {
    requestFid: BigInt(requestFid),
    key,
    deadline: BigInt(deadline),
  })
  const response = await fetch(`${standIn.apiUrl}/v2/signed-key-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, requestFid, signature, deadline, ...overrides }),
  })
  type Answer = { result: { signedKeyRequest: { token: string; deeplinkUrl: string; state: string } } }
  return { response, body: (await response.json()) as Answer, key }
}

describe('signed-key-request stand-in', () => {
  test('default: a request signed by the custody address; GET by token; approve over HTTP', async () => {
    const { response, body, key } = await submit()
    expect(response.status).toBe(200)
    const { token, deeplinkUrl, state } = body.result.signedKeyRequest
    expect(state).toBe('pending')
    expect(deeplinkUrl).toBe(`farcaster://signed-key-request?token=${token}`)
    const approve = await fetch(`${standIn.apiUrl}/stand-in/approve`, {
      method: 'POST',
      body: JSON.stringify({ token, userFid: 99 }),
    })
    expect(approve.status).toBe(200)
    const read = await fetch(`${standIn.apiUrl}/v2/signed-key-request?token=${token}`)
    expect((await read.json()).result.signedKeyRequest).toMatchObject({
      key,
      state: 'completed',
      userFid: 99,
      requestFid: 7,
    })
  })

  test('behavior: a custody address found through custodyOf (the Id Registry)', async () => {
    expect((await submit({ requestFid: 8 }, lookedUpKey)).response.status).toBe(200)
  })

  test('error: signature of another key, unknown fid, past deadline, malformed key → 400', async () => {
    const cases = [
      [await submit({}, generatePrivateKey()), 'Invalid signature for the requesting fid'],
      [await submit({ requestFid: 12345 }), 'Unknown fid 12345'],
      [await submit({ deadline: 1 }), 'deadline has passed'],
      [await submit({ key: '0x1234' }), 'key must be an ed25519 public key'],
    ] as const
    for (const [{ response, body }, message] of cases) {
      expect(response.status).toBe(400)
      expect(body).toEqual({ errors: [{ message }] })
    }
  })

  test('error: an unknown token → 404; revoke over HTTP', async () => {
    expect((await fetch(`${standIn.apiUrl}/v2/signed-key-request?token=0xnope`)).status).toBe(404)
    const { body } = await submit()
    const { token } = body.result.signedKeyRequest
    await fetch(`${standIn.apiUrl}/stand-in/revoke`, { method: 'POST', body: JSON.stringify({ token }) })
    expect(standIn.requests.find((entry) => entry.token === token)?.state).toBe('revoked')
    const unknown = await fetch(`${standIn.apiUrl}/stand-in/approve`, {
      method: 'POST',
      body: JSON.stringify({ token: '0xnope', userFid: 1 }),
    })
    expect(unknown.status).toBe(404)
  })
})

describe("the demo's simulated Farcaster app", () => {
  test('default: lists a pending signer request; approve as an account, or reject', async () => {
    const noSignIns = { relay: { channels: new Map() } } as unknown as FarcasterStandIns
    const alice = {
      fid: 10001,
      signer: privateKeyToAccount(generatePrivateKey()),
      profile: { username: 'alice' },
    }
    const simulator = await startFarcasterAppSimulator({
      standIns: noSignIns,
      accounts: [alice],
      signedKeyRequests: standIn,
    })
    try {
      const first = (await submit()).body.result.signedKeyRequest.token
      const second = (await submit()).body.result.signedKeyRequest.token
      const page = await (await fetch(simulator.url)).text()
      expect(page).toContain(`farcaster://signed-key-request?token=${first}`)
      expect(page).toContain('Approve as @alice')
      const post = (path: string, form: Record<string, string>) =>
        fetch(`${simulator.url}${path}`, { method: 'POST', body: new URLSearchParams(form) })
      expect(await (await post('/approve-signer', { token: first, fid: '10001' })).text()).toContain(
        'Signer approved for fid 10001.',
      )
      expect(await (await post('/reject-signer', { token: second })).text()).toContain(
        'Signer request rejected.',
      )
      const states = Object.fromEntries(standIn.requests.map((entry) => [entry.token, entry]))
      expect(states[first]).toMatchObject({ state: 'completed', userFid: 10001 })
      expect(states[second]).toMatchObject({ state: 'revoked' })
      expect(await (await post('/reject-signer', { token: second })).text()).toContain(
        'That request is gone.',
      )
    } finally {
      await simulator.close()
    }
  })
})
