import { randomBytes } from 'node:crypto'
import {
  DEVICE_PROOF_HEADER,
  DEVICE_PROOF_NONCE_TTL_SECONDS,
  DEVICE_REGISTRATION_WINDOW_SECONDS,
  type DeviceProofNonceResponse,
  type WalletDevice,
} from '@foyer/protocol'
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { randomId } from '../../crypto/randomId'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { renderNewDeviceEmail } from '../mail/renderNewDeviceEmail'
import { assertMfaVerified } from '../mfa/verifications'
import { parseUserAgent } from '../passkeys/parseUserAgent'
import type { RequireSessionReturnType } from '../sessions/requireSession'
import { sessions } from '../sessions/schema'
import { linkedAccounts } from '../users/schema'
import { deviceProofNonces, walletDevices } from './schema'
import { type VerifiedDeviceProof, verifyDeviceProof } from './verifyDeviceProof'

type DeviceRow = typeof walletDevices.$inferSelect

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

function toWalletDevice(row: DeviceRow, sessionId: string): WalletDevice {
  return {
    id: row.id,
    label: row.label,
    created_at: toSeconds(row.createdAt),
    last_used_at: row.lastUsedAt ? toSeconds(row.lastUsedAt) : null,
    current: row.lastSessionId === sessionId,
  }
}

/** The hosts a proof's `htu` may name: the request's `Host` and the server's public URL's host. */
function proofHosts(context: ServerContext, request: FastifyRequest): string[] {
  const hosts: string[] = []
  if (typeof request.headers.host === 'string') hosts.push(request.headers.host)
  if (context.publicUrl) hosts.push(new URL(context.publicUrl).host)
  return hosts
}

async function checkProof(
  context: ServerContext,
  request: FastifyRequest,
  session: RequireSessionReturnType,
): Promise<VerifiedDeviceProof> {
  const header = request.headers[DEVICE_PROOF_HEADER.toLowerCase()]
  return verifyDeviceProof(context, {
    proof: typeof header === 'string' ? header : undefined,
    method: request.method,
    path: request.url,
    hosts: proofHosts(context, request),
    accessToken: session.accessToken,
    sessionId: session.sessionId,
  })
}

/**
 * `POST /api/v1/embedded_wallets/devices/nonce`: a single-use server nonce for the session's next device
 * proof (RFC 9449 §8), 256 bits from the CSPRNG, valid for `DEVICE_PROOF_NONCE_TTL_SECONDS` (120 s).
 */
export async function issueDeviceProofNonce(
  context: ServerContext,
  parameters: { sessionId: string },
): Promise<DeviceProofNonceResponse> {
  const expiresAt = new Date(context.now() + DEVICE_PROOF_NONCE_TTL_SECONDS * 1000)
  const nonce = randomBytes(32).toString('base64url')
  await context.db.orm.insert(deviceProofNonces).values({ nonce, sessionId: parameters.sessionId, expiresAt })
  return { nonce, expires_at: toSeconds(expiresAt) }
}

/**
 * The gate of every call that releases something toward a wallet key (`docs/security.md#device-keys`):
 * the request's `DPoP` proof is valid for this request, token and session ({@link verifyDeviceProof}), and
 * its key is a live registered device of the session's user — recorded as used by this session. Throws 401
 * `invalid_device_proof`, or 403 `device_not_registered` (unknown or revoked key; the frame then registers
 * its key, which needs a fresh sign-in).
 */
export async function requireDeviceProof(
  context: ServerContext,
  request: FastifyRequest,
  session: RequireSessionReturnType,
): Promise<{ deviceId: string }> {
  const proof = await checkProof(context, request, session)
  const [device] = await context.db.orm
    .update(walletDevices)
    .set({ lastUsedAt: new Date(context.now()), lastSessionId: session.sessionId })
    .where(
      and(
        eq(walletDevices.userId, session.userId),
        eq(walletDevices.jkt, proof.jkt),
        isNull(walletDevices.revokedAt),
      ),
    )
    .returning({ id: walletDevices.id })
  if (!device) throw foyerError('deviceNotRegistered')
  return { deviceId: device.id }
}

/**
 * `POST /api/v1/embedded_wallets/devices`: registers the key that signed the request's proof as a device of
 * the user (`docs/security.md#device-keys`). Rules, in order:
 * 1. a valid proof for this request ({@link verifyDeviceProof}; 401 `invalid_device_proof`);
 * 2. the key was never revoked for this user (403 `device_not_registered`); a key already registered is
 *    answered as is (idempotent: two tabs of one browser share the key);
 * 3. the session comes from a primary sign-in — not a fork — at most `DEVICE_REGISTRATION_WINDOW_SECONDS`
 *    (10 min) ago, and has registered no other key (403 `reauthentication_required`): a stolen access or
 *    refresh token cannot add a device;
 * 4. a user with a second factor has verified it within the window (403 `missing_or_invalid_mfa`);
 * 5. the user is told by email (their email account, if any) that a device was added.
 * The per-session rule is enforced by the database (UNIQUE `registered_session_id`).
 */
export async function registerWalletDevice(
  context: ServerContext,
  request: FastifyRequest,
  session: RequireSessionReturnType & { app: LoadedApp },
  parameters: { label?: string | undefined },
): Promise<WalletDevice> {
  const proof = await checkProof(context, request, session)
  const [existing] = await context.db.orm
    .select()
    .from(walletDevices)
    .where(and(eq(walletDevices.userId, session.userId), eq(walletDevices.jkt, proof.jkt)))
    .limit(1)
  if (existing?.revokedAt) throw foyerError('deviceNotRegistered')
  if (existing) return toWalletDevice(existing, session.sessionId)

  const nowMs = context.now()
  const [row] = await context.db.orm
    .select({ createdAt: sessions.createdAt, forkedFrom: sessions.forkedFromSessionId })
    .from(sessions)
    .where(eq(sessions.id, session.sessionId))
    .limit(1)
  const signedInRecently =
    row !== undefined &&
    row.forkedFrom === null &&
    nowMs - row.createdAt.getTime() <= DEVICE_REGISTRATION_WINDOW_SECONDS * 1000
  if (!signedInRecently) throw foyerError('reauthenticationRequired')
  await assertMfaVerified(context, { sessionId: session.sessionId, userId: session.userId, need: 'recent' })

  const userAgent = parseUserAgent(request.headers['user-agent'])
  const label =
    parameters.label?.trim() ||
    [userAgent.browser ?? 'A browser', userAgent.os ? `on ${userAgent.os}` : ''].join(' ').trim()
  const device: DeviceRow = {
    id: randomId(25),
    appId: session.app.id,
    userId: session.userId,
    jkt: proof.jkt,
    publicJwk: JSON.stringify(proof.jwk),
    label,
    registeredSessionId: session.sessionId,
    lastSessionId: session.sessionId,
    createdAt: new Date(nowMs),
    lastUsedAt: new Date(nowMs),
    revokedAt: null,
  }
  const inserted = await context.db.orm
    .insert(walletDevices)
    .values(device)
    .onConflictDoNothing()
    .returning({ id: walletDevices.id })
  if (inserted.length === 0) {
    // Lost a race to the same key (two tabs): answer that row; else this session registered another key.
    const [same] = await context.db.orm
      .select()
      .from(walletDevices)
      .where(
        and(
          eq(walletDevices.userId, session.userId),
          eq(walletDevices.jkt, proof.jkt),
          isNull(walletDevices.revokedAt),
        ),
      )
      .limit(1)
    if (same) return toWalletDevice(same, session.sessionId)
    throw foyerError('reauthenticationRequired')
  }
  await notifyNewDevice(context, { app: session.app, userId: session.userId, label })
  return toWalletDevice(device, session.sessionId)
}

/** Emails the user's email accounts that a device was added; a mail failure is logged, never fatal. */
async function notifyNewDevice(
  context: ServerContext,
  parameters: { app: LoadedApp; userId: string; label: string },
): Promise<void> {
  const emails = await context.db.orm
    .select({ subject: linkedAccounts.subject })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, parameters.userId), eq(linkedAccounts.type, 'email')))
  const mail = renderNewDeviceEmail({
    appName: parameters.app.name,
    deviceLabel: parameters.label,
    at: new Date(context.now()),
  })
  for (const { subject } of emails) {
    try {
      await context.mailer.send({ to: subject, ...mail })
    } catch (error) {
      context.log.warn({ err: error }, 'new-device email failed')
    }
  }
}

/** `GET /api/v1/embedded_wallets/devices`: the user's live devices, newest first. */
export async function listWalletDevices(
  context: ServerContext,
  parameters: { userId: string; sessionId: string },
): Promise<WalletDevice[]> {
  const rows = await context.db.orm
    .select()
    .from(walletDevices)
    .where(and(eq(walletDevices.userId, parameters.userId), isNull(walletDevices.revokedAt)))
    .orderBy(desc(walletDevices.createdAt))
  return rows.map((row) => toWalletDevice(row, parameters.sessionId))
}

/**
 * `POST /api/v1/embedded_wallets/devices/revoke`: the device's key is refused from now on, for good, and the
 * sessions that registered or last used it (other than the caller's) are ended, so that browser is signed
 * out. A user with a second factor verifies first (403 `missing_or_invalid_mfa`). 404 `not_found` when the
 * device is not a live device of the user.
 */
export async function revokeWalletDevice(
  context: ServerContext,
  parameters: { userId: string; sessionId: string; deviceId: string },
): Promise<void> {
  await assertMfaVerified(context, {
    sessionId: parameters.sessionId,
    userId: parameters.userId,
    need: 'recent',
  })
  const now = new Date(context.now())
  const [revoked] = await context.db.orm
    .update(walletDevices)
    .set({ revokedAt: now })
    .where(
      and(
        eq(walletDevices.id, parameters.deviceId),
        eq(walletDevices.userId, parameters.userId),
        isNull(walletDevices.revokedAt),
      ),
    )
    .returning({ registered: walletDevices.registeredSessionId, last: walletDevices.lastSessionId })
  if (!revoked) throw foyerError('deviceNotFound')
  const ended = [revoked.registered, revoked.last].filter(
    (id): id is string => typeof id === 'string' && id !== parameters.sessionId,
  )
  if (ended.length === 0) return
  await context.db.orm
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(inArray(sessions.id, ended), eq(sessions.userId, parameters.userId), isNull(sessions.revokedAt)),
    )
}
