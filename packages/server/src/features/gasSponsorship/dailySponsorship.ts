import { and, eq, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import type { ServerContext } from '../../ServerContext'
import { gasSponsorshipSpending, gasSponsorships } from './schema'

/** The UTC day (`YYYY-MM-DD`) of `ms` (milliseconds since the epoch). */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A user operation's sponsorship as recorded in `gas_sponsorships` (docs/gas-sponsorship.md#records). */
export type SponsorshipRecord = {
  appId: string
  userId: string
  /** The account's address (0x-prefixed, 20 bytes). */
  sender: string
  chainId: number
  entryPoint: string
  nonce: bigint
  paymaster: string
  /** The most gas cost the operation can charge the paymaster, wei: gas limits × `maxFeePerGas`. */
  maxCostWei: bigint
  /** The end of the paymaster signature's validity, Unix seconds. */
  validUntil: number
}

/**
 * Counts `record.maxCostWei` against the user's sponsorship of UTC day `day` and records the sponsorship,
 * in one transaction (docs/gas-sponsorship.md#limits). The count is one statement that refuses to pass
 * `limitWei` (an insert, or an update guarded by the new total), so of concurrent requests that would
 * together pass the limit only as many as fit are counted. Returns the record's id, or null when the limit
 * refuses it (nothing is recorded then). `limitWei` null: no limit.
 */
export async function reserveSponsorship(
  context: Pick<ServerContext, 'db'>,
  parameters: { record: SponsorshipRecord; day: string; limitWei: bigint | null; now: Date },
): Promise<string | null> {
  const { record, day, limitWei } = parameters
  if (limitWei !== null && record.maxCostWei > limitWei) return null
  return await context.db.orm.transaction(async (tx) => {
    const rows = await tx
      .insert(gasSponsorshipSpending)
      .values({ appId: record.appId, userId: record.userId, day, spentWei: record.maxCostWei.toString() })
      .onConflictDoUpdate({
        target: [gasSponsorshipSpending.appId, gasSponsorshipSpending.userId, gasSponsorshipSpending.day],
        set: { spentWei: sql`${gasSponsorshipSpending.spentWei} + excluded.spent_wei` },
        ...(limitWei === null
          ? {}
          : {
              setWhere: sql`${gasSponsorshipSpending.spentWei} + excluded.spent_wei <= ${limitWei.toString()}::numeric`,
            }),
      })
      .returning({ spentWei: gasSponsorshipSpending.spentWei })
    if (rows.length !== 1) return null
    const id = randomId(25)
    await tx.insert(gasSponsorships).values({
      id,
      appId: record.appId,
      userId: record.userId,
      sender: record.sender,
      chainId: String(record.chainId),
      entryPoint: record.entryPoint,
      nonce: record.nonce.toString(),
      paymaster: record.paymaster,
      maxCostWei: record.maxCostWei.toString(),
      validUntil: String(record.validUntil),
      createdAt: parameters.now,
    })
    return id
  })
}

/**
 * Undoes {@link reserveSponsorship} `id` when the paymaster data could not be signed: the record is
 * deleted and its cost given back to its day.
 */
export async function releaseSponsorship(
  context: Pick<ServerContext, 'db'>,
  parameters: { id: string; appId: string; userId: string; day: string; maxCostWei: bigint },
): Promise<void> {
  await context.db.orm.transaction(async (tx) => {
    const deleted = await tx
      .delete(gasSponsorships)
      .where(and(eq(gasSponsorships.id, parameters.id), eq(gasSponsorships.appId, parameters.appId)))
      .returning({ id: gasSponsorships.id })
    if (deleted.length === 0) return
    await tx
      .update(gasSponsorshipSpending)
      .set({
        spentWei: sql`${gasSponsorshipSpending.spentWei} - ${parameters.maxCostWei.toString()}::numeric`,
      })
      .where(
        and(
          eq(gasSponsorshipSpending.appId, parameters.appId),
          eq(gasSponsorshipSpending.userId, parameters.userId),
          eq(gasSponsorshipSpending.day, parameters.day),
        ),
      )
  })
}
