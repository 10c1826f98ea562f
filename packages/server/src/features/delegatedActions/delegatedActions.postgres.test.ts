// Delegated sends under real concurrency: PGlite runs one transaction at a time, so only PostgreSQL with a
// connection pool shows whether two sends that together pass the limit can both be counted before either
// is, and whether two server instances on one database send from one wallet with distinct nonces
// (docs/delegated-actions.md#several-server-processes). Skipped without PostgreSQL
// (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it is installed).
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Pool } from 'pg'
import { type Hex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../createApp'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { openDatabase } from '../../db/openDatabase'
import { defaultFeatures } from '../../defaultPlugins'
import { PUBLIC_URL, useDelegatedActions } from '../../test/delegatedActionsHarness'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { delegatedActions } from './plugin'
import { delegatedRequests, delegatedSpending } from './schema'
import { walletLockName } from './walletLock'

const postgresUrl = testPostgresUrl()

describe.skipIf(!postgresUrl)('delegated sends on PostgreSQL (connection pool, two server instances)', () => {
  const { t, userWithWallet, rpc, send, chain, fund, signerConnection, rpcUrl } = useDelegatedActions({
    databaseUrl: postgresUrl,
  })
  /** A second server on the same database (its own pool) and the same anvil and signer: another process. */
  let second: { app: FastifyInstance; db: FoyerDatabase }

  beforeAll(async () => {
    const pool = (t.db.driver as { $client: Pool }).$client
    const db = await openDatabase({ databaseUrl: pool.options.connectionString! })
    const feature = delegatedActions({
      rpcUrls: { 31337: rpcUrl() },
      signer: signerConnection,
      walletLockTimeoutMs: 300,
    })
    const app = await createApp({
      env: 'test',
      now: t.now,
      rateLimits: false,
      publicUrl: PUBLIC_URL,
      features: defaultFeatures().map((plugin) => (plugin.id === feature.id ? feature : plugin)),
      db,
      masterKey: t.masterKey,
    })
    await app.ready()
    second = { app, db }
  })
  afterAll(async () => {
    await second?.app.close()
    await second?.db.close()
  })

  /** A funded user's wallet, delegated to the demo app: its id and address. */
  async function delegatedWallet() {
    const user = await userWithWallet()
    const walletId = (await user.delegate()).delegated_wallets[0]!.id
    await fund(user.address)
    return { walletId, address: user.address }
  }

  test('error: of concurrent sends that together pass the daily limit, exactly as many as fit go out, three rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const { walletId, address } = await delegatedWallet()
      // Limit 0.01 ETH a day: of four parallel sends of 0.004 ETH, two fit (0.008), two must be refused.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => rpc(walletId, send(parseEther('0.004')), { key: randomUUID() })),
      )
      const statuses = answers.map((answer) => answer.statusCode).sort()
      const refused = answers.filter((answer) => answer.statusCode === 403)
      expect(refused.map((answer) => answer.json().code)).toEqual(['policy_violation', 'policy_violation'])
      const [spent] = await t.db.orm
        .select({ spentWei: delegatedSpending.spentWei })
        .from(delegatedSpending)
        .where(eq(delegatedSpending.walletId, walletId))
      expect(statuses).toEqual([200, 200, 403, 403])
      expect(BigInt(spent!.spentWei)).toBe(parseEther('0.008'))
      expect(await chain().getTransactionCount({ address })).toBe(2)
      const records = await t.db.orm
        .select({ decision: delegatedRequests.decision })
        .from(delegatedRequests)
        .where(eq(delegatedRequests.walletAddress, address))
      expect(records.filter((record) => record.decision === 'DENY')).toHaveLength(2)
    }
  })

  test('behavior: concurrent sends of one wallet through two server instances all go out with consecutive nonces, three rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const { walletId, address } = await delegatedWallet()
      // Six sends of 0.001 ETH at once, alternating between the instances (under the 0.01 ETH daily limit).
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          rpc(walletId, send(parseEther('0.001')), index % 2 ? { app: second.app } : {}),
        ),
      )
      expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual(
        Array.from({ length: 6 }, () => [200, undefined]),
      )
      const hashes = answers.map((answer) => answer.json().data.hash as Hex)
      const receipts = await Promise.all(hashes.map((hash) => chain().waitForTransactionReceipt({ hash })))
      expect(receipts.map((receipt) => receipt.status)).toEqual(Array(6).fill('success'))
      const nonces = await Promise.all(
        hashes.map(async (hash) => (await chain().getTransaction({ hash })).nonce),
      )
      expect(nonces.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5])
      expect(await chain().getTransactionCount({ address })).toBe(6)
    }
  })

  test('error: a send while another process holds the wallet lock past the lock timeout is 503 wallet_busy; once free, it goes out', async () => {
    const { walletId, address } = await delegatedWallet()
    const holder = await (t.db.driver as { $client: Pool }).$client.connect()
    try {
      await holder.query('begin')
      await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
        walletLockName('eip155:31337', address),
      ])
      const started = Date.now()
      const busy = await rpc(walletId, send(parseEther('0.001')), { app: second.app })
      expect(busy.statusCode).toBe(503)
      expect(busy.json()).toMatchObject({
        code: 'wallet_busy',
        error: 'Another send of this wallet is still in progress. Please retry in a few seconds.',
      })
      // It waited for the lock (300 ms), and gave back the value it had reserved.
      expect(Date.now() - started).toBeGreaterThanOrEqual(250)
      const [spent] = await t.db.orm
        .select({ spentWei: sql<string>`${delegatedSpending.spentWei}::text` })
        .from(delegatedSpending)
        .where(eq(delegatedSpending.walletId, walletId))
      expect(BigInt(spent?.spentWei ?? 0)).toBe(0n)
    } finally {
      await holder.query('rollback')
      holder.release()
    }
    const sent = await rpc(walletId, send(parseEther('0.001')), { app: second.app })
    expect(sent.statusCode).toBe(200)
    expect(await chain().getTransactionCount({ address })).toBe(1)
  })
})
