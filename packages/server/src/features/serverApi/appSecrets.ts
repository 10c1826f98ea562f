/**
 * App secrets (docs/server-api.md#app-secrets): issued when an app is created or on the first rotation,
 * rotated with a grace period, revoked, and checked. A secret is `foyer_secret_` and 256 bits from the
 * CSPRNG as base64url; only its SHA-256 (hex) is stored, so a secret is shown once, when it is made. A
 * secret of that entropy needs no slow hash (NIST SP 800-63B §5.1.1.2 asks one of low-entropy secrets).
 */
import { createHash, randomBytes } from 'node:crypto'
import type { ConsoleAppSecret } from '@foyer/protocol/console'
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import type { ServerContext } from '../../ServerContext'
import { apps } from '../apps/schema'
import { appSecrets } from './schema'

/** How long a previous secret stays valid after a rotation: 24 hours, unless revoked sooner. */
export const APP_SECRET_GRACE_SECONDS = 24 * 60 * 60

/** The prefix of every app secret (it lets secret scanners and people recognise one). */
export const APP_SECRET_PREFIX = 'foyer_secret_'

/** What the app-secret service reads of the server. */
export type AppSecretsContext = Pick<ServerContext, 'db' | 'now'>

type Transaction = Parameters<Parameters<ServerContext['db']['orm']['transaction']>[0]>[0]

/** The stored form of `secret`: its SHA-256 in hex. */
export function hashAppSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** Live secrets: current, or previous and not yet expired at `now`. */
const live = (appId: string, now: Date) =>
  and(eq(appSecrets.appId, appId), or(isNull(appSecrets.expiresAt), gt(appSecrets.expiresAt, now)))

/** The app's live secrets (no values), the current one first, then the previous ones, newest first. */
export async function listAppSecrets(context: AppSecretsContext, appId: string): Promise<ConsoleAppSecret[]> {
  const rows = await context.db.orm
    .select({ id: appSecrets.id, createdAt: appSecrets.createdAt, expiresAt: appSecrets.expiresAt })
    .from(appSecrets)
    .where(live(appId, new Date(context.now())))
    .orderBy(sql`${appSecrets.expiresAt} is not null`, desc(appSecrets.createdAt))
  return rows.map((row) => ({
    id: row.id,
    created_at: seconds(row.createdAt),
    expires_at: row.expiresAt ? seconds(row.expiresAt) : null,
  }))
}

/**
 * Gives app `appId` a new current secret and returns its value (the only time it is seen). The current
 * secret, if any, becomes a previous one valid for {@link APP_SECRET_GRACE_SECONDS}. Locks the app row, so
 * concurrent rotations run one after the other (one current secret per app is also a database rule).
 * Returns null when there is no such app.
 */
export async function rotateAppSecret(
  context: AppSecretsContext,
  appId: string,
  tx?: Transaction,
): Promise<string | null> {
  const run = async (db: Transaction) => {
    const [app] = await db.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).for('update')
    if (!app) return null
    const now = context.now()
    // Secrets past their grace period are refused already; a rotation clears them away.
    await db
      .delete(appSecrets)
      .where(and(eq(appSecrets.appId, appId), lte(appSecrets.expiresAt, new Date(now))))
    await db
      .update(appSecrets)
      .set({ expiresAt: new Date(now + APP_SECRET_GRACE_SECONDS * 1000) })
      .where(and(eq(appSecrets.appId, appId), isNull(appSecrets.expiresAt)))
    const secret = `${APP_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`
    await db.insert(appSecrets).values({
      id: randomId(25),
      appId,
      secretHash: hashAppSecret(secret),
      createdAt: new Date(now),
    })
    return secret
  }
  return tx ? run(tx) : context.db.orm.transaction(run)
}

/** Revokes every previous secret of app `appId` at once (the current one stays); returns how many. */
export async function revokePreviousAppSecrets(context: AppSecretsContext, appId: string): Promise<number> {
  const removed = await context.db.orm
    .delete(appSecrets)
    .where(and(eq(appSecrets.appId, appId), isNotNull(appSecrets.expiresAt)))
    .returning({ id: appSecrets.id })
  return removed.length
}

/** True when `secret` is a live secret of app `appId` (current, or previous within its grace period). */
export async function isAppSecret(
  context: AppSecretsContext,
  appId: string,
  secret: string,
): Promise<boolean> {
  const [found] = await context.db.orm
    .select({ id: appSecrets.id })
    .from(appSecrets)
    .where(and(live(appId, new Date(context.now())), eq(appSecrets.secretHash, hashAppSecret(secret))))
    .limit(1)
  return found !== undefined
}
