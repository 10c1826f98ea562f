/**
 * When a session is live (not revoked, not past its absolute lifetime), in SQL and in application code.
 */
import { and, gt, isNull, type SQL } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { sessions } from './schema'

/** The 401 `missing_or_invalid_token` error of a token that opens no live session. */
export const invalidToken = () => foyerError('invalidToken')

/**
 * SQL condition: the session row is live at `now` — not revoked, before its absolute expiry, and used
 * (signed in or refreshed) within the idle timeout (docs/security.md properties 23, 24).
 */
export function sessionIsLive(context: ServerContext, now: Date): SQL {
  const idleCutoff = new Date(now.getTime() - context.sessionIdleTimeoutSeconds * 1000)
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastUsedAt, idleCutoff),
  ) as SQL
}

/** The live state of a session row read back in application code (same rule as {@link sessionIsLive}). */
export function isLiveRow(
  context: ServerContext,
  row: { revokedAt: Date | null; expiresAt: Date; lastUsedAt: Date },
  nowMs: number,
): boolean {
  return (
    row.revokedAt === null &&
    row.expiresAt.getTime() > nowMs &&
    row.lastUsedAt.getTime() > nowMs - context.sessionIdleTimeoutSeconds * 1000
  )
}
