import { randomBytes } from 'node:crypto'
import {
  authenticationResponseFromWire,
  MFA_CHALLENGE_TTL_MS,
  type MfaPasskeyAssertion,
  type MfaPasskeyInitResponse,
  type User,
} from '@foyer/protocol'
import { verifyAuthenticationResponse } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, eq, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { PasskeyDetails } from '../passkeys/account'
import { relyingPartyOf } from '../passkeys/service'
import { linkedAccounts } from '../users/schema'
import { requireUserJson } from '../users/service'
import { consumeChallenge, failAttempt, startChallenge, takeAttempt } from './challenges'
import type { MfaActor } from './completeEnrollment'
import { assertMethodOffered, findMethod, requireMethod } from './methods'
import { mfaMethods } from './schema'
import { assertMfaVerified, assertNotGuest, recordVerification } from './verifications'

/** `details` of a passkey account, with the MFA flag this feature adds. */
type MfaPasskeyDetails = PasskeyDetails & { enrolled_in_mfa?: boolean }

type UserPasskey = { id: string; credentialId: string; details: MfaPasskeyDetails }

async function userPasskeys(context: ServerContext, userId: string): Promise<UserPasskey[]> {
  const rows = await context.db.orm
    .select({ id: linkedAccounts.id, credentialId: linkedAccounts.subject, details: linkedAccounts.details })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, 'passkey')))
  return rows.map((row) => ({ ...row, details: row.details as MfaPasskeyDetails }))
}

/** The challenge a client signed, read from its `clientDataJSON` (base64url JSON); '' when unreadable. */
function clientDataChallenge(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }
    return typeof parsed.challenge === 'string' ? parsed.challenge : ''
  } catch {
    return ''
  }
}

/**
 * `mfa/passkeys/init` `{ relying_party? }` (docs/wire.md#mfa): WebAuthn request options for the user's
 * passkeys enrolled in MFA, user verification required (docs/security.md property 49), `timeout` 300,000 ms,
 * and a new 32-byte challenge kept as the session's challenge with the request's origin and RP ID (its
 * hostname). The `Origin` must be one of the app's (403 `missing_origin` / `invalid_origin`), and
 * `relying_party`, when given, that origin or its hostname. 403 `missing_or_invalid_mfa` without an enrolled
 * passkey.
 */
export async function initPasskeyVerification(
  context: ServerContext,
  actor: MfaActor,
  parameters: { origin: string | undefined; relyingParty: string | undefined },
): Promise<MfaPasskeyInitResponse> {
  const { app, sessionId, userId } = actor
  const relyingParty = relyingPartyOf(app, parameters.origin)
  if (
    parameters.relyingParty !== undefined &&
    parameters.relyingParty !== relyingParty.origin &&
    parameters.relyingParty !== relyingParty.rpId
  )
    throw foyerError('relyingPartyMismatch')
  await requireMethod(context, { userId, type: 'passkey' })
  const enrolled = (await userPasskeys(context, userId)).filter((passkey) => passkey.details.enrolled_in_mfa)
  const challenge = isoBase64URL.fromBuffer(randomBytes(32))
  await startChallenge(
    context,
    { appId: app.id, userId, sessionId, method: 'passkey', purpose: 'verify' },
    { replace: 'always', fields: { challenge, origin: relyingParty.origin, rpId: relyingParty.rpId } },
  )
  return {
    relying_party: relyingParty.rpId,
    options: {
      challenge,
      rp_id: relyingParty.rpId,
      timeout: MFA_CHALLENGE_TTL_MS,
      user_verification: 'required',
      allow_credentials: enrolled.map((passkey) => ({
        id: passkey.credentialId,
        type: 'public-key' as const,
        ...(passkey.details.transports?.length ? { transports: passkey.details.transports } : {}),
      })),
    },
  }
}

/**
 * `mfa/passkeys/verify` `{ authenticator_response }` → `{ token }`. One attempt of the session's passkey
 * challenge (4 attempts, 300 s; security property 13); the assertion must be of a passkey of this user enrolled in MFA, sign
 * that challenge, and pass @simplewebauthn/server's checks against the challenge's origin and RP ID with
 * user verification required (security property 49); the signature counter must not go back (security property 50). Records the session's
 * verification (security property 15).
 */
export async function verifyPasskey(
  context: ServerContext,
  actor: MfaActor,
  assertion: MfaPasskeyAssertion,
): Promise<{ token: string }> {
  const { app, sessionId, userId } = actor
  await requireMethod(context, { userId, type: 'passkey' })
  const challenge = await takeAttempt(context, {
    appId: app.id,
    userId,
    sessionId,
    method: 'passkey',
    purpose: 'verify',
  })
  const passkey = (await userPasskeys(context, userId)).find(
    (candidate) => candidate.credentialId === assertion.id && candidate.details.enrolled_in_mfa,
  )
  if (!passkey || clientDataChallenge(assertion.response.client_data_json) !== challenge.challenge)
    return failAttempt(context, challenge)
  const response = authenticationResponseFromWire(assertion)
  let newCounter: number
  try {
    const verification = await verifyAuthenticationResponse({
      // The zod schema checked the shape; the library types transports and extensions narrower.
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge.challenge ?? '',
      expectedOrigin: challenge.origin ?? '',
      expectedRPID: challenge.rpId ?? '',
      expectedType: 'webauthn.get',
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.details.public_key),
        counter: 0,
      },
    })
    if (!verification.verified) return failAttempt(context, challenge)
    newCounter = verification.authenticationInfo.newCounter
  } catch (error) {
    if (error instanceof FoyerHttpError) throw error
    return failAttempt(context, challenge)
  }
  const stored = Number(passkey.details.counter ?? 0)
  if (stored > 0 && newCounter > 0 && newCounter <= stored) return failAttempt(context, challenge)
  const updated = await context.db.orm
    .update(linkedAccounts)
    .set({
      latestVerifiedAt: new Date(context.now()),
      details: sql`jsonb_set(${linkedAccounts.details}, '{counter}', to_jsonb(${newCounter}::bigint))`,
    })
    .where(
      and(
        eq(linkedAccounts.id, passkey.id),
        sql`coalesce((${linkedAccounts.details}->>'counter')::bigint, 0) = ${stored}`,
      ),
    )
    .returning({ id: linkedAccounts.id })
  if (updated.length === 0) return failAttempt(context, challenge)
  await consumeChallenge(context, challenge)
  await recordVerification(context, { sessionId, userId, unspent: true })
  return { token: challenge.id }
}

/**
 * `mfa/passkeys/enrollment` `{ credential_ids }` → the user: the user's passkeys enrolled in MFA become
 * exactly `credential_ids` (each must be the user's, else 404 `not_found`); a non-empty list enrols the
 * passkey factor, an empty one removes it. Refused to guests (security property 54); when the user already has a factor, it
 * needs and spends a fresh verification (security property 16).
 */
export async function setPasskeyEnrollment(
  context: ServerContext,
  actor: MfaActor,
  credentialIds: string[],
): Promise<User> {
  const { app, sessionId, userId } = actor
  await assertNotGuest(context, { userId, action: 'Enrolling in MFA' })
  if (credentialIds.length > 0) assertMethodOffered(app, 'passkey')
  const passkeys = await userPasskeys(context, userId)
  const wanted = new Set(credentialIds)
  for (const id of wanted)
    if (!passkeys.some((passkey) => passkey.credentialId === id)) throw foyerError('mfaPasskeyNotLinked')
  if (wanted.size === 0 && !(await findMethod(context, { userId, type: 'passkey' })))
    throw foyerError('mfaPasskeyNotEnabled')
  await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
  const now = new Date(context.now())
  await context.db.orm.transaction(async (tx) => {
    for (const passkey of passkeys)
      await tx
        .update(linkedAccounts)
        .set({
          details: sql`jsonb_set(${linkedAccounts.details}, '{enrolled_in_mfa}', to_jsonb(${wanted.has(passkey.credentialId)}::boolean))`,
        })
        .where(eq(linkedAccounts.id, passkey.id))
    if (wanted.size === 0)
      await tx.delete(mfaMethods).where(and(eq(mfaMethods.userId, userId), eq(mfaMethods.type, 'passkey')))
    else
      await tx
        .insert(mfaMethods)
        .values({
          id: randomId(25),
          appId: app.id,
          userId,
          type: 'passkey',
          secretSealed: null,
          phoneNumber: null,
          lastUsedStep: null,
          verifiedAt: now,
          createdAt: now,
        })
        .onConflictDoNothing()
  })
  return requireUserJson(context, userId)
}
