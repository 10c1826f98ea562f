import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { parseEther } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { RECIPIENT, useDelegatedActions } from '../../test/delegatedActionsHarness'
import { apps } from '../apps/schema'
import { webhookDeliveries } from './schema'
import { webhookRetryDelayMs } from './webhooks'

const secret = `whsec_${randomBytes(32).toString('base64')}`
const { t, setDelegatedActions, userWithWallet, rpc, send, fund } = useDelegatedActions()

/** A local receiver: records each delivery and answers the next status of `statuses` (then 204). */
type Received = { headers: IncomingHttpHeaders; body: string }
let server: Server
let url: string
let received: Received[] = []
let statuses: number[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.statusCode = statuses.shift() ?? 204
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
beforeEach(async () => {
  received = []
  statuses = []
  await setDelegatedActions({ webhook: { url, secret } })
})

/** The deliveries' verified payloads, verified with the Standard Webhooks library (throws on a bad one). */
function verified(deliveries: Received[], key = secret) {
  const webhook = new Webhook(key)
  // The library checks the timestamp against its clock (5 min tolerance): the server's clock here.
  vi.useFakeTimers({ toFake: ['Date'], now: t.now() })
  try {
    return deliveries.map(
      (delivery) =>
        webhook.verify(delivery.body, delivery.headers as Record<string, string>) as {
          type: string
          created_at: number
          data: Record<string, unknown>
        },
    )
  } finally {
    vi.useRealTimers()
  }
}

describe('delegated-actions webhooks', () => {
  test('default: created, signed and revoked are posted, signed under the app secret (Standard Webhooks)', async () => {
    const user = await userWithWallet()
    const { delegated_wallets } = await user.delegate()
    const walletId = delegated_wallets[0]!.id
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 })
    await fund(user.address)
    const sent = await rpc(walletId, send(parseEther('0.001')))
    expect(sent.statusCode).toBe(200)
    // A refused request is not a signature: no event.
    expect((await rpc(walletId, send(parseEther('0.02')))).statusCode).toBe(403)
    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 5_000 })
    const revoked = await t.request({
      method: 'POST',
      url: '/api/v1/wallets/revoke',
      bearer: user.accessToken,
      json: {},
    })
    expect(revoked.statusCode).toBe(200)
    await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 5_000 })

    const userDid = expect.stringMatching(/^did:foyer:[0-9a-z]{25}$/)
    const at = Math.floor(t.now() / 1000)
    expect(verified(received)).toEqual([
      {
        type: 'delegated_actions.created',
        created_at: at,
        data: { user_id: userDid, wallets: delegated_wallets },
      },
      {
        type: 'delegated_actions.signed',
        created_at: at,
        data: {
          request_id: expect.any(String),
          user_id: userDid,
          wallet_id: walletId,
          wallet_address: user.address,
          method: 'eth_sendTransaction',
          caip2: 'eip155:31337',
          to: RECIPIENT,
          value_wei: parseEther('0.001').toString(),
          transaction_hash: sent.json().data.hash,
        },
      },
      {
        type: 'delegated_actions.revoked',
        created_at: at,
        data: { user_id: userDid, wallet_ids: [walletId] },
      },
    ])
    for (const delivery of received) {
      expect(delivery.headers['content-type']).toBe('application/json')
      expect(delivery.headers['webhook-timestamp']).toBe(String(at))
    }
    // A changed body, another secret or another timestamp does not verify.
    const first = received[0]!
    expect(() => verified([{ ...first, body: first.body.replace('created', 'revoked') }])).toThrow()
    expect(() => verified([first], `whsec_${randomBytes(32).toString('base64')}`)).toThrow()
    expect(() =>
      verified([{ ...first, headers: { ...first.headers, 'webhook-timestamp': String(at + 1) } }]),
    ).toThrow()
    expect(verified([first])).toHaveLength(1)
    // The secret is sealed at rest with the app's other secrets.
    const [stored] = await t.db.orm.select().from(apps).where(eq(apps.id, t.demoApp.id))
    expect(JSON.stringify(stored!.settings)).not.toContain(secret.slice('whsec_'.length))
  })

  test('behavior: a failed delivery is retried after its backoff with the same id, until a 2xx', async () => {
    statuses = [500, 503]
    const user = await userWithWallet()
    await user.delegate()
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 })
    const id = received[0]!.headers['webhook-id'] as string
    const row = async () =>
      (await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!
    await vi.waitFor(async () => expect((await row()).lastStatus).toBe(500), { timeout: 5_000 })
    expect(await row()).toMatchObject({ attempts: 1, deliveredAt: null, failedAt: null })
    expect((await row()).nextAttemptAt.getTime()).toBe(t.now() + webhookRetryDelayMs(1))

    // Not before the backoff: several delivery rounds pass without a second attempt.
    t.advance(webhookRetryDelayMs(1) - 1_000)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(received).toHaveLength(1)

    t.advance(1_000)
    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 5_000 })
    await vi.waitFor(async () => expect((await row()).lastStatus).toBe(503), { timeout: 5_000 })
    expect((await row()).nextAttemptAt.getTime()).toBe(t.now() + webhookRetryDelayMs(2))
    t.advance(webhookRetryDelayMs(2))
    await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 5_000 })
    await vi.waitFor(async () => expect((await row()).deliveredAt).not.toBeNull(), { timeout: 5_000 })
    expect(await row()).toMatchObject({ attempts: 3, lastStatus: 204, failedAt: null })
    expect(received.map((delivery) => delivery.headers['webhook-id'])).toEqual([id, id, id])
    expect(verified(received).map((payload) => payload.type)).toEqual([
      'delegated_actions.created',
      'delegated_actions.created',
      'delegated_actions.created',
    ])
  })

  test('behavior: a 2xx answer is final — no retry, however long after', async () => {
    statuses = [200]
    const user = await userWithWallet()
    await user.delegate()
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 })
    const id = received[0]!.headers['webhook-id'] as string
    const [row] = await vi.waitFor(async () => {
      const rows = await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id))
      expect(rows[0]?.deliveredAt).not.toBeNull()
      return rows
    })
    expect(row).toMatchObject({ attempts: 1, lastStatus: 200, failedAt: null })
    t.advance(24 * 3_600_000)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(received).toHaveLength(1)
  })

  test('default: no webhook set, no delivery', async () => {
    await setDelegatedActions({})
    const user = await userWithWallet()
    await user.delegate()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(received).toEqual([])
  })
})
