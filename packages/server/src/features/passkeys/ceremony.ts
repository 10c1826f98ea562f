/**
 * What every WebAuthn ceremony shares: the relying party of a request and the single-use challenges
 * (issued, consumed, read back from the client's data), with the failure messages.
 */
import { randomBytes } from 'node:crypto'
import { isOriginAllowed } from '@foyer/protocol'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { passkeyChallenges } from './schema'

/** A WebAuthn ceremony a challenge is issued for (docs/security.md property 48). */
export type PasskeyCeremony = 'registration' | 'authentication'

/** Challenge size in bytes (≥ 16, docs/security.md property 48; WebAuthn §13.4.3). */
export const PASSKEY_CHALLENGE_BYTES = 32
/** Challenge lifetime (security property 48), also the `timeout` handed to the browser, ms. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000

/** Where a ceremony runs: the request origin (allowed for the app) and the RP ID (its hostname). */
export type RelyingParty = { origin: string; rpId: string }

/**
 * The relying party of a request (docs/security.md property 49): the `Origin` header must be present
 * (403 `missing_origin`) and one of the app's allowed origins (403 `invalid_origin`); the RP ID is that
 * origin's hostname.
 */
export function relyingPartyOf(app: LoadedApp, origin: string | undefined): RelyingParty {
  if (!origin) throw foyerError('missingOriginHeader')
  if (!isOriginAllowed(app.allowedOrigins, origin)) throw foyerError('originNotAllowedForApp')
  return { origin, rpId: new URL(origin).hostname }
}

/**
 * Whether the `relying_party` a client names is the request's: absent, its RP ID (the origin's hostname,
 * what the init answers) or the origin itself (docs/passkeys.md#wire).
 */
export function namesRelyingParty(claimed: string | undefined, relyingParty: RelyingParty): boolean {
  return claimed === undefined || claimed === relyingParty.rpId || claimed === relyingParty.origin
}

/** Stores a fresh challenge (32 CSPRNG bytes, base64url) for `ceremony`, expiring in 5 minutes (security property 48). */
export async function issueChallenge(
  context: ServerContext,
  app: LoadedApp,
  parameters: RelyingParty & { ceremony: PasskeyCeremony; userId: string | null },
): Promise<string> {
  const challenge = isoBase64URL.fromBuffer(randomBytes(PASSKEY_CHALLENGE_BYTES))
  const nowMs = context.now()
  // Expired challenges of the app are swept on the way.
  await context.db.orm
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.appId, app.id), lt(passkeyChallenges.expiresAt, new Date(nowMs))))
  await context.db.orm.insert(passkeyChallenges).values({
    id: randomId(25),
    appId: app.id,
    challenge,
    ceremony: parameters.ceremony,
    userId: parameters.userId,
    origin: parameters.origin,
    rpId: parameters.rpId,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + PASSKEY_CHALLENGE_TTL_MS),
    consumedAt: null,
  })
  return challenge
}

/**
 * Consumes `challenge` in one atomic `UPDATE … WHERE consumed_at IS NULL AND expires_at > now RETURNING`
 * (single use, security property 48): it must belong to the app, to `ceremony` (a registration challenge never serves an
 * authentication, and back), to `userId` for registrations, and to the relying party `rpId`.
 * Throws 401 `invalid_credentials` otherwise.
 */
export async function consumeChallenge(
  context: ServerContext,
  app: LoadedApp,
  parameters: { challenge: string; ceremony: PasskeyCeremony; rpId: string; userId: string | null },
): Promise<RelyingParty> {
  const [row] = await context.db.orm
    .update(passkeyChallenges)
    .set({ consumedAt: new Date(context.now()) })
    .where(
      and(
        eq(passkeyChallenges.appId, app.id),
        eq(passkeyChallenges.challenge, parameters.challenge),
        eq(passkeyChallenges.ceremony, parameters.ceremony),
        eq(passkeyChallenges.rpId, parameters.rpId),
        parameters.userId === null
          ? isNull(passkeyChallenges.userId)
          : eq(passkeyChallenges.userId, parameters.userId),
        isNull(passkeyChallenges.consumedAt),
        gt(passkeyChallenges.expiresAt, new Date(context.now())),
      ),
    )
    .returning({ origin: passkeyChallenges.origin, rpId: passkeyChallenges.rpId })
  if (!row) throw foyerError('invalidPasskeyChallenge')
  return row
}

/** The challenge a client signed, read from its `clientDataJSON` (base64url JSON); '' when unreadable. */
export function clientDataChallenge(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }
    return typeof parsed.challenge === 'string' ? parsed.challenge : ''
  } catch {
    return ''
  }
}
