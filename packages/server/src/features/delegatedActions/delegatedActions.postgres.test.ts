// The daily limit under real concurrency: PGlite runs one transaction at a time, so only PostgreSQL with a
// connection pool shows whether two sends that together pass the limit can both be counted before either
// is. Skipped without PostgreSQL (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it
// is installed).
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { parseEther } from 'viem'
import { describe, expect, test } from 'vitest'
import { useDelegatedActions } from '../../test/delegatedActionsHarness'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { delegatedRequests, delegatedSpending } from './schema'

const postgresUrl = testPostgresUrl()

describe.skipIf(!postgresUrl)('the daily limit of delegated sends on PostgreSQL (connection pool)', () => {
  const { t, userWithWallet, rpc, send, chain, fund } = useDelegatedActions({ databaseUrl: postgresUrl })

  test('error: of concurrent sends that together pass the daily limit, exactly as many as fit go out, three rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await userWithWallet()
      const walletId = (await user.delegate()).delegated_wallets[0]!.id
      await fund(user.address)
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
      expect(await chain().getTransactionCount({ address: user.address })).toBe(2)
      const records = await t.db.orm
        .select({ decision: delegatedRequests.decision })
        .from(delegatedRequests)
        .where(eq(delegatedRequests.walletAddress, user.address))
      expect(records.filter((record) => record.decision === 'DENY')).toHaveLength(2)
    }
  })
})
