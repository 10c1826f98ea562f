/** A user's record as the operator console shows and exports it (docs/console.md#users). */
import type { EmbeddedWalletAccount, User } from '@foyer/protocol'
import type { ConsoleSession, ConsoleUserRecord, ConsoleWallet } from '@foyer/protocol/console'
import { desc, eq } from 'drizzle-orm'
import { foyerError } from '../../../errors/foyerError'
import type { ServerContext } from '../../../ServerContext'
import { sessions } from '../../sessions/schema'
import { users } from '../../users/schema'
import { getUserJson } from '../../users/service'

/** Most sessions a record lists, newest first. */
const MAX_SESSIONS = 100

/** Whole Unix seconds of `date`. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** The CAIP-2 pattern of the chains a wallet of `chainType` signs for: an embedded wallet is not bound to one. */
function chainsOf(chainType: EmbeddedWalletAccount['chain_type']): string {
  return chainType === 'ethereum' ? 'eip155:*' : 'solana:*'
}

/** The embedded wallets among the wire user's linked accounts: addresses and chains, never key material. */
export function walletsOf(user: User): ConsoleWallet[] {
  return user.linked_accounts.flatMap((account) => {
    if (account.type !== 'wallet' || !('connector_type' in account) || account.connector_type !== 'embedded')
      return []
    const wallet = account as EmbeddedWalletAccount
    return [
      {
        id: wallet.id ?? '',
        address: wallet.address,
        chain_type: wallet.chain_type,
        chains: chainsOf(wallet.chain_type),
        wallet_index: wallet.wallet_index ?? 0,
        recovery_method: wallet.recovery_method,
        imported: wallet.imported === true,
        delegated: wallet.delegated === true,
        created_at: wallet.verified_at,
      },
    ]
  })
}

/** A session row as the console shows it: times in Unix s, its device and status; never a token. */
export function toConsoleSession(
  context: Pick<ServerContext, 'sessionIdleTimeoutSeconds'>,
  row: typeof sessions.$inferSelect,
  nowMs: number,
): ConsoleSession {
  const status =
    row.revokedAt !== null
      ? 'revoked'
      : row.expiresAt.getTime() <= nowMs
        ? 'expired'
        : row.lastUsedAt.getTime() <= nowMs - context.sessionIdleTimeoutSeconds * 1000
          ? 'idle'
          : 'active'
  return {
    id: row.id,
    created_at: seconds(row.createdAt),
    last_seen_at: seconds(row.lastUsedAt),
    expires_at: seconds(row.expiresAt),
    revoked_at: row.revokedAt ? seconds(row.revokedAt) : null,
    user_agent: row.userAgent,
    forked: row.forkedFromSessionId !== null,
    status,
  }
}

/**
 * The record of user `userId` (docs/console.md#users): the wire user (linked accounts mapped by the context's
 * account kinds, as `GET /api/v1/users/me` shows them), its app, embedded wallets, MFA factors and its 100
 * newest sessions. Throws 404 `user_does_not_exist`.
 */
export async function getUserRecord(context: ServerContext, userId: string): Promise<ConsoleUserRecord> {
  const [row] = await context.db.orm
    .select({ appId: users.appId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  const user = row ? await getUserJson(context, userId) : null
  if (!row || !user) throw foyerError('userDoesNotExist')
  const sessionRows = await context.db.orm
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(MAX_SESSIONS)
  const nowMs = context.now()
  return {
    user,
    user_id: userId,
    app_id: row.appId,
    wallets: walletsOf(user),
    mfa_factors: user.mfa_methods,
    sessions: sessionRows.map((session) => toConsoleSession(context, session, nowMs)),
  }
}
