import {
  FARCASTER_SIGNER_DEFAULT_DEADLINE_SECONDS,
  FARCASTER_SIGNER_MAX_DEADLINE_SECONDS,
  type FarcasterSigner,
  type FarcasterSignerState,
  type FarcasterSignerStatus,
} from '@foyer/protocol'
import { and, count, eq, gt, sql } from 'drizzle-orm'
import type { Hex } from 'viem'
import { randomId } from '../../crypto/randomId'
import { foyerError } from '../../errors/foyerError'
import type { LoadedApp } from '../apps/service'
import { linkedAccountWhere } from '../users/linkedAccountWhere'
import { linkedAccounts } from '../users/schema'
import { farcasterSigners } from './schema'
import { signSignedKeyRequest } from './signedKeyRequest'
import {
  type FarcasterSignerContext,
  fetchSignedKeyRequest,
  submitSignedKeyRequest,
} from './signedKeyRequestApi'

type SignerRow = typeof farcasterSigners.$inferSelect

/** Most signed key requests one user may start per hour (each one is a call to the Farcaster client). */
export const FARCASTER_SIGNER_REQUESTS_PER_HOUR = 10

/** The fid of the user's Farcaster account (its `subject`), or null when none is linked. */
async function linkedFid(
  context: FarcasterSignerContext,
  appId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await context.db.orm
    .select({ subject: linkedAccounts.subject })
    .from(linkedAccounts)
    .where(linkedAccountWhere({ appId, userId, type: 'farcaster' }))
    .limit(1)
  return row?.subject ?? null
}

/**
 * Records the decision on a pending signer — one `UPDATE … WHERE status = 'pending_approval' RETURNING`, so
 * a decision is taken once — and, when approved, sets `signer_public_key` on the user's Farcaster account
 * of that fid, in the same transaction. Returns the row as it now is.
 */
async function decide(
  context: FarcasterSignerContext,
  row: SignerRow,
  status: Exclude<FarcasterSignerState, 'pending_approval'>,
  fid: string | null,
): Promise<SignerRow> {
  return context.db.orm.transaction(async (tx) => {
    const [decided] = await tx
      .update(farcasterSigners)
      .set({ status, fid, updatedAt: new Date(context.now()) })
      .where(and(eq(farcasterSigners.id, row.id), eq(farcasterSigners.status, 'pending_approval')))
      .returning()
    if (!decided) {
      const [current] = await tx.select().from(farcasterSigners).where(eq(farcasterSigners.id, row.id))
      return current ?? row
    }
    if (status === 'approved' && fid !== null)
      await tx
        .update(linkedAccounts)
        .set({
          details: sql`${linkedAccounts.details} || jsonb_build_object('signer_public_key', ${decided.publicKey}::text)`,
        })
        .where(
          linkedAccountWhere({
            appId: decided.appId,
            userId: decided.userId,
            type: 'farcaster',
            subject: fid,
          }),
        )
    return decided
  })
}

/**
 * Brings a pending signer up to date with the Farcaster client's signed key request: `completed` by the
 * user's own fid → approved; completed by another fid, `revoked`, unknown to the API, or past its deadline →
 * revoked; anything else stays pending. Decided signers are returned as they are.
 */
async function refresh(
  context: FarcasterSignerContext,
  row: SignerRow,
  userFid: string | null,
): Promise<SignerRow> {
  if (row.status !== 'pending_approval') return row
  if (row.deadline.getTime() <= context.now()) return decide(context, row, 'revoked', userFid)
  const request = await fetchSignedKeyRequest(context.farcasterSigner, row.token)
  if (request === null || request.state === 'revoked') return decide(context, row, 'revoked', userFid)
  if (request.state !== 'completed' || request.userFid === undefined) return row
  const approvedBy = String(request.userFid)
  // A key added to another Farcaster account than the user's own is not this user's signer.
  if (approvedBy !== userFid) {
    context.log.warn({ signerId: row.id }, 'farcaster signer approved by another fid: revoked')
    return decide(context, row, 'revoked', userFid)
  }
  return decide(context, row, 'approved', approvedBy)
}

function statusOf(row: SignerRow, userFid: string | null): FarcasterSignerStatus {
  if (row.status === 'approved' || row.status === 'revoked')
    return { status: row.status, public_key: row.publicKey, fid: row.fid ?? userFid ?? '' }
  return { status: 'pending_approval', public_key: row.publicKey }
}

function signerOf(row: SignerRow, userFid: string | null): FarcasterSigner {
  const status = statusOf(row, userFid)
  return status.status === 'pending_approval' ? { ...status, signer_approval_url: row.approvalUrl } : status
}

/** The signer `publicKey` of the app, refused unless it is `userId`'s. */
async function ownSigner(
  context: FarcasterSignerContext,
  parameters: { appId: string; userId: string; publicKey: string },
): Promise<SignerRow | null> {
  const [row] = await context.db.orm
    .select()
    .from(farcasterSigners)
    .where(
      and(eq(farcasterSigners.appId, parameters.appId), eq(farcasterSigners.publicKey, parameters.publicKey)),
    )
  if (row && row.userId !== parameters.userId) throw foyerError('signerKeyOfAnotherUser')
  return row ?? null
}

/** Parameters of {@link initFarcasterSigner}. */
export type InitFarcasterSignerParameters = {
  app: LoadedApp
  userId: string
  /** `0x` + 64 lower-case hex digits. */
  publicKey: `0x${string}`
  /** Unix seconds, as the request's decimal string; default now + 24 h. */
  deadline?: string | undefined
}

/**
 * `POST /api/v1/farcaster/signer/init` (docs/api.md, docs/wire.md#farcaster): asks the user's Farcaster app
 * to add `publicKey` as the app's signer. The app's Farcaster developer account
 * (`farcaster_developer_account`: fid and custody key, server-only settings) signs an EIP-712
 * `SignedKeyRequest` of the key and deadline; the request goes to the Farcaster client's signed-key-request
 * API; the signer is stored per user and key as `pending_approval` with the request's approval link. A key
 * already asked for answers its current state.
 *
 * @throws {FoyerHttpError} 400 `not_supported` (the app has no Farcaster developer account), 400
 *   `invalid_request` (no Farcaster account linked), 429 `too_many_requests` (more than
 *   {@link FARCASTER_SIGNER_REQUESTS_PER_HOUR} new keys in the last hour), 400 `invalid_data` (a deadline in the past or more than
 *   7 days ahead; a key of another user), 500 `internal_error` (the Farcaster client's API failed).
 * @example const signer = await initFarcasterSigner(context, { app, userId, publicKey })
 */
export async function initFarcasterSigner(
  context: FarcasterSignerContext,
  parameters: InitFarcasterSignerParameters,
): Promise<FarcasterSigner> {
  const { app, userId, publicKey } = parameters
  const developer = app.settings.farcaster_developer_account
  if (developer.fid === null || developer.custody_private_key === null)
    throw foyerError('farcasterSignersNotEnabled')
  const userFid = await linkedFid(context, app.id, userId)
  if (userFid === null) throw foyerError('farcasterAccountRequired')
  const existing = await ownSigner(context, { appId: app.id, userId, publicKey })
  if (existing) return signerOf(await refresh(context, existing, userFid), userFid)

  const [recent] = await context.db.orm
    .select({ value: count() })
    .from(farcasterSigners)
    .where(
      and(
        eq(farcasterSigners.appId, app.id),
        eq(farcasterSigners.userId, userId),
        gt(farcasterSigners.createdAt, new Date(context.now() - 3600_000)),
      ),
    )
  if ((recent?.value ?? 0) >= FARCASTER_SIGNER_REQUESTS_PER_HOUR) throw foyerError('tooManyRequestsWait')
  const nowSeconds = Math.floor(context.now() / 1000)
  const deadline =
    parameters.deadline === undefined
      ? nowSeconds + FARCASTER_SIGNER_DEFAULT_DEADLINE_SECONDS
      : Number(parameters.deadline)
  if (deadline <= nowSeconds || deadline > nowSeconds + FARCASTER_SIGNER_MAX_DEADLINE_SECONDS)
    throw foyerError('signerDeadlineInvalid')
  const signature = await signSignedKeyRequest(developer.custody_private_key as Hex, {
    requestFid: BigInt(developer.fid),
    key: publicKey,
    deadline: BigInt(deadline),
  })
  const request = await submitSignedKeyRequest(context.farcasterSigner, {
    key: publicKey,
    requestFid: developer.fid,
    signature,
    deadline,
  })
  const now = new Date(context.now())
  const [inserted] = await context.db.orm
    .insert(farcasterSigners)
    .values({
      id: randomId(),
      appId: app.id,
      userId,
      publicKey,
      status: 'pending_approval',
      token: request.token,
      approvalUrl: request.deeplinkUrl,
      deadline: new Date(deadline * 1000),
      fid: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [farcasterSigners.appId, farcasterSigners.publicKey] })
    .returning()
  // A racing init of the same key stored its request first: answer that one.
  const row = inserted ?? (await ownSigner(context, { appId: app.id, userId, publicKey }))
  if (!row) throw foyerError('signerNotStored')
  return signerOf(row, userFid)
}

/**
 * `POST /api/v1/farcaster/signer/status` (docs/api.md, docs/wire.md#farcaster): the user's signer
 * `publicKey`, brought up to date with the Farcaster client (see `initFarcasterSigner`); once approved, the
 * user's Farcaster account carries `signer_public_key`.
 *
 * @throws {FoyerHttpError} 404 `not_found` (no such signer), 400 `invalid_data` (another user's key), 500
 *   `internal_error` (the Farcaster client's API failed).
 * @example const { status } = await farcasterSignerStatus(context, { app, userId, publicKey })
 */
export async function farcasterSignerStatus(
  context: FarcasterSignerContext,
  parameters: { app: LoadedApp; userId: string; publicKey: `0x${string}` },
): Promise<FarcasterSignerStatus> {
  const { app, userId, publicKey } = parameters
  const row = await ownSigner(context, { appId: app.id, userId, publicKey })
  if (!row) throw foyerError('signerNotFound')
  const userFid = await linkedFid(context, app.id, userId)
  return statusOf(await refresh(context, row, userFid), userFid)
}
