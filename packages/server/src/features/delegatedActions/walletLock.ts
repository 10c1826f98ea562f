import { sql } from 'drizzle-orm'
import { databaseErrorOf } from '../../errors/databaseErrorOf'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'

/** How long a send waits for another process's send of the same wallet before 503 `wallet_busy` (ms). */
export const DEFAULT_WALLET_LOCK_TIMEOUT_MS = 5_000

/**
 * The text the advisory lock key of an address's nonce on a chain is hashed from:
 * `foyer:wallet-nonce:<caip2>:<address in lower case>` (docs/delegated-actions.md#several-server-processes).
 *
 * @example walletLockName('eip155:1', '0xAbC…') // 'foyer:wallet-nonce:eip155:1:0xabc…'
 */
export function walletLockName(caip2: string, address: string): string {
  return `foyer:wallet-nonce:${caip2}:${address.toLowerCase()}`
}

/**
 * Runs `send` holding the wallet's nonce lock (docs/delegated-actions.md#several-server-processes). On
 * PostgreSQL: inside one transaction, `lock_timeout` set to `timeoutMs` for it alone, then
 * `pg_advisory_xact_lock(hashtextextended(walletLockName(caip2, address), 0))` — the 64-bit key is
 * PostgreSQL's own stable text hash (seed 0) of {@link walletLockName}, so every process computes the same
 * one — held until the transaction ends, after `send` resolves or throws. A lock not granted in time
 * (SQLSTATE 55P03 `lock_not_available`) throws 503 `wallet_busy`. On the embedded database (PGlite, one
 * process, one transaction at a time) `send` runs without a lock: the in-process queue is enough there.
 */
export async function withWalletLock<T>(
  context: ServerContext,
  parameters: { caip2: string; address: string; timeoutMs: number },
  send: () => Promise<T>,
): Promise<T> {
  if (context.db.kind !== 'postgres') return send()
  const name = walletLockName(parameters.caip2, parameters.address)
  let locked = false
  try {
    return await context.db.orm.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('lock_timeout', ${`${Math.max(1, Math.trunc(parameters.timeoutMs))}ms`}, true)`,
      )
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`)
      locked = true
      return send()
    })
  } catch (error) {
    if (!locked && databaseErrorOf(error)?.sqlState === '55P03') throw foyerError('walletBusy')
    throw error
  }
}
