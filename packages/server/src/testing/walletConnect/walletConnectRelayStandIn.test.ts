import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64urlnopad } from '@scure/base'
import { SignClient } from '@walletconnect/sign-client'
import { toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { type RelayAuthError, verifyRelayAuth } from './relayAuth'
import { startWalletConnectRelayStandIn, type WalletConnectRelayStandIn } from './walletConnectRelayStandIn'
import { createWalletConnectTestPhone, type WalletConnectTestPhone } from './walletConnectTestPhone'

const projectId = 'foyer-local'

/** A relay auth token as @walletconnect/relay-auth signs one, with overrides for the refusal cases. */
function signAuth(
  audience: string,
  overrides: { alg?: string; exp?: number; key?: Uint8Array; signer?: Uint8Array } = {},
) {
  const secret = overrides.signer ?? ed25519.utils.randomSecretKey()
  const publicKey = overrides.key ?? ed25519.getPublicKey(secret)
  const iss = `did:key:z${base58.encode(Uint8Array.of(0xed, 0x01, ...publicKey))}`
  const encode = (value: object) => base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(value)))
  const iat = Math.floor(Date.now() / 1000)
  const data = `${encode({ alg: overrides.alg ?? 'EdDSA', typ: 'JWT' })}.${encode({ iss, sub: 'abc', aud: audience, iat, exp: overrides.exp ?? iat + 86400 })}`
  return {
    iss,
    token: `${data}.${base64urlnopad.encode(ed25519.sign(new TextEncoder().encode(data), secret))}`,
  }
}

/** Opens a raw socket: resolves with the socket, or rejects with the upgrade's HTTP status. */
function open(url: string) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('open', () => resolve(socket))
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    )
    socket.once('error', reject)
  })
}

/** Sends one JSON-RPC request on a raw socket and resolves with its response. */
function call(socket: WebSocket, method: string, params: unknown) {
  const id = Math.floor(Math.random() * 1e9)
  return new Promise<{ result?: unknown; error?: { code: number; message: string } }>((resolve) => {
    const onMessage = (data: Buffer) => {
      const payload = JSON.parse(data.toString())
      if (payload.id === id && !payload.method) {
        socket.off('message', onMessage)
        resolve(payload)
      }
    }
    socket.on('message', onMessage)
    socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
  })
}

let relay: WalletConnectRelayStandIn
beforeAll(async () => {
  relay = await startWalletConnectRelayStandIn({ projectId })
})
afterAll(async () => {
  await relay?.close()
})

describe('relay auth', () => {
  test('default: an EdDSA JWT signed by its did:key issuer verifies', () => {
    const { iss, token } = signAuth('ws://relay.test')
    expect(verifyRelayAuth(token, 'ws://relay.test').iss).toBe(iss)
  })

  test.each([
    ['a missing token', () => null, 'missing_auth'],
    ['not a JWS', () => 'abc', 'malformed_auth'],
    ['HS256', () => signAuth('ws://relay.test', { alg: 'HS256' }).token, 'unsupported_algorithm'],
    ['an expired token', () => signAuth('ws://relay.test', { exp: 1 }).token, 'expired_auth'],
    ['another relay', () => signAuth('ws://other.test').token, 'wrong_audience'],
    [
      "another key's signature",
      () => signAuth('ws://relay.test', { key: ed25519.getPublicKey(ed25519.utils.randomSecretKey()) }).token,
      'invalid_signature',
    ],
  ])('error: %s is refused', (_name, token, code) => {
    expect(() => verifyRelayAuth(token(), 'ws://relay.test')).toThrowError(
      expect.objectContaining({ code }) as RelayAuthError,
    )
  })
})

describe('relay stand-in: the protocol', () => {
  test('error: the upgrade is refused (401) without a valid auth token or with another project', async () => {
    await expect(open(`${relay.url}/?projectId=${projectId}`)).rejects.toThrow('HTTP 401')
    const forged = signAuth(relay.url, { exp: 1 }).token
    await expect(open(`${relay.url}/?projectId=${projectId}&auth=${forged}`)).rejects.toThrow('HTTP 401')
    const other = signAuth(relay.url).token
    await expect(open(`${relay.url}/?projectId=another&auth=${other}`)).rejects.toThrow('HTTP 401')
  })

  test('default: a message published before the subscription is delivered to the late subscriber, once', async () => {
    const publisher = await open(`${relay.url}/?projectId=${projectId}&auth=${signAuth(relay.url).token}`)
    const subscriber = signAuth(relay.url)
    const late = await open(`${relay.url}/?projectId=${projectId}&auth=${subscriber.token}`)
    const topic = 'ab'.repeat(32)
    expect(
      await call(publisher, 'irn_publish', { topic, message: 'aGVsbG8=', ttl: 300, tag: 1108 }),
    ).toMatchObject({
      result: true,
    })
    const delivered = new Promise<{ id: number; params: { id: string; data: Record<string, unknown> } }>(
      (resolve) =>
        late.on('message', (data) => {
          const payload = JSON.parse(data.toString())
          if (payload.method === 'irn_subscription') resolve(payload)
        }),
    )
    const { result: subscriptionId } = await call(late, 'irn_subscribe', { topic })
    const subscription = await delivered
    expect(subscription.params).toMatchObject({
      id: subscriptionId,
      data: { topic, message: 'aGVsbG8=', tag: 1108 },
    })
    late.send(JSON.stringify({ id: subscription.id, jsonrpc: '2.0', result: true }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Acknowledged: a second subscription (e.g. after a reconnect) does not deliver it again.
    expect(await call(late, 'irn_batchFetchMessages', { topics: [topic] })).toMatchObject({
      result: { messages: [], hasMore: false },
    })
    publisher.close()
    late.close()
  })

  test('error: bad parameters answer -32602 and unknown methods -32601', async () => {
    const socket = await open(`${relay.url}/?projectId=${projectId}&auth=${signAuth(relay.url).token}`)
    expect((await call(socket, 'irn_subscribe', { topic: 'not-hex' })).error?.code).toBe(-32602)
    expect(
      (await call(socket, 'irn_publish', { topic: 'ab'.repeat(32), message: 'x', ttl: -1 })).error?.code,
    ).toBe(-32602)
    expect((await call(socket, 'wc_approveSession', { pairingTopic: 'ab'.repeat(32) })).error?.code).toBe(
      -32602,
    )
    expect((await call(socket, 'irn_mystery', {})).error?.code).toBe(-32601)
    socket.close()
  })
})

describe('relay stand-in: two real sign-clients', () => {
  let phone: WalletConnectTestPhone
  let dapp: InstanceType<typeof SignClient>
  const account = privateKeyToAccount(generatePrivateKey())

  beforeAll(async () => {
    phone = await createWalletConnectTestPhone({ relayUrl: relay.url, projectId, account })
    const entries = new Map<string, unknown>()
    dapp = await SignClient.init({
      projectId,
      relayUrl: relay.url,
      telemetryEnabled: false,
      logger: 'error',
      customStoragePrefix: 'dapp',
      storage: {
        getKeys: async () => [...entries.keys()],
        getEntries: async () => [...entries.entries()] as [string, never][],
        getItem: async (key) => entries.get(key) as never,
        setItem: async (key, value) => void entries.set(key, value),
        removeItem: async (key) => void entries.delete(key),
      },
      metadata: { name: 'Dapp', description: 'A test dapp', url: 'https://dapp.test', icons: [] },
    })
  })
  afterAll(async () => {
    await phone?.close()
    await dapp?.core.relayer.transportClose()
  })

  test('default: the dapp and the phone pair and settle a session, and personal_sign round-trips', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:1', 'eip155:8453'],
          methods: ['personal_sign'],
          events: ['accountsChanged'],
        },
      },
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const [phoneSession, session] = await Promise.all([phone.pair(uri as string), approval()])
    expect(session.topic).toBe(phoneSession.topic)
    expect(session.namespaces.eip155?.accounts).toEqual([
      `eip155:1:${account.address}`,
      `eip155:8453:${account.address}`,
    ])

    // 2.21 routes the proposal and the approval through the relay's own methods.
    const vias = relay.messages.map((message) => `${message.via}:${message.tag}`)
    expect(vias).toEqual(
      expect.arrayContaining(['wc_proposeSession:1100', 'wc_approveSession:1101', 'wc_approveSession:1102']),
    )
    expect(relay.connectedClients()).toEqual(
      expect.arrayContaining([phone.clientId, await dapp.core.crypto.getClientId()]),
    )

    const message = 'Sign in to dapp.test'
    const signature = (await dapp.request({
      topic: session.topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: [toHex(message), account.address] },
    })) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    expect(phone.requests).toMatchObject([
      { method: 'personal_sign', chainId: 'eip155:1', result: signature },
    ])

    // Disconnect from the phone: the dapp hears it.
    const deleted = new Promise<{ topic: string }>((resolve) => dapp.once('session_delete', resolve))
    await phone.disconnect(session.topic)
    expect((await deleted).topic).toBe(session.topic)
  }, 30_000)
})
