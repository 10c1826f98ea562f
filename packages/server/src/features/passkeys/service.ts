import { randomBytes } from 'node:crypto'
import {
  type AuthenticationResponseJSON,
  CANNOT_UNLINK_MFA_PASSKEY_MESSAGE,
  creationOptionsToWire,
  isOriginAllowed,
  PASSKEY_LIMIT,
  type PasskeyCreationInitResponse,
  type PasskeyRequestInitResponse,
  type RegistrationResponseJSON,
  requestOptionsToWire,
} from '@foyer/protocol'
import type { AuthenticatorTransport } from '@simplewebauthn/server'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { linkedAccounts, users } from '../users/schema'
import { ALLOWLIST_REJECTED_MESSAGE, signUpWithNewAccount, unlinkAccount } from '../users/service'
import type { PasskeyDetails } from './account'
import { authenticatorName } from './authenticatorName'
import { parseUserAgent } from './parseUserAgent'
import { passkeyChallenges } from './schema'

/** A WebAuthn ceremony a challenge is issued for (docs/security.md property 48). */
export type PasskeyCeremony = 'registration' | 'authentication'

/** Challenge size in bytes (≥ 16, docs/security.md property 48; WebAuthn §13.4.3). */
export const PASSKEY_CHALLENGE_BYTES = 32
/** Challenge lifetime (H.48), also the `timeout` handed to the browser, ms. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000

/** docs/errors.md. */
export const CANNOT_LINK_MORE_PASSKEYS_MESSAGE = 'Cannot link more passkeys to account.'
/** Message of every failed check of an assertion or attestation. */
export const PASSKEY_VERIFICATION_FAILED_MESSAGE = 'Passkey verification failed'
/** Message of a missing, used, expired or other-ceremony challenge. */
export const PASSKEY_CHALLENGE_INVALID_MESSAGE = 'Invalid or expired passkey challenge'

/** Where a ceremony runs: the request origin (allowed for the app) and the RP ID (its hostname). */
export type RelyingParty = { origin: string; rpId: string }

/**
 * The relying party of a request (docs/security.md property 49): the `Origin` header must be present
 * (403 `missing_origin`) and one of the app's allowed origins (403 `invalid_origin`); the RP ID is that
 * origin's hostname.
 */
export function relyingPartyOf(app: LoadedApp, origin: string | undefined): RelyingParty {
  if (!origin) throw new FoyerHttpError('missing_origin', 'Missing origin')
  if (!isOriginAllowed(app.allowedOrigins, origin))
    throw new FoyerHttpError('invalid_origin', 'Origin not allowed for this app')
  return { origin, rpId: new URL(origin).hostname }
}

/**
 * Whether the `relying_party` a client names is the request's: absent, its RP ID (the origin's hostname,
 * what the init answers) or the origin itself (docs/passkeys.md#wire).
 */
function namesRelyingParty(claimed: string | undefined, relyingParty: RelyingParty): boolean {
  return claimed === undefined || claimed === relyingParty.rpId || claimed === relyingParty.origin
}

/** Throws 403 `disallowed_login_method` unless the app has `passkey_auth` on. */
export function assertPasskeysEnabled(app: LoadedApp): void {
  if (!app.settings.passkey_auth)
    throw new FoyerHttpError('disallowed_login_method', 'Login with passkey not allowed.')
}

/** Stores a fresh challenge (32 CSPRNG bytes, base64url) for `ceremony`, expiring in 5 minutes (H.48). */
async function issueChallenge(
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
 * (single use, H.48): it must belong to the app, to `ceremony` (a registration challenge never serves an
 * authentication, and back), to `userId` for registrations, and to the relying party `rpId`.
 * Throws 401 `invalid_credentials` otherwise.
 */
async function consumeChallenge(
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
  if (!row) throw new FoyerHttpError('invalid_credentials', PASSKEY_CHALLENGE_INVALID_MESSAGE)
  return row
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

type StoredPasskey = { id: string; userId: string; credentialId: string; details: PasskeyDetails }

async function findPasskey(
  context: ServerContext,
  app: LoadedApp,
  credentialId: string,
): Promise<StoredPasskey | null> {
  const [row] = await context.db.orm
    .select({
      id: linkedAccounts.id,
      userId: linkedAccounts.userId,
      credentialId: linkedAccounts.subject,
      details: linkedAccounts.details,
    })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, app.id),
        eq(linkedAccounts.type, 'passkey'),
        eq(linkedAccounts.subject, credentialId),
      ),
    )
    .limit(1)
  return row ? { ...row, details: row.details as PasskeyDetails } : null
}

/** The user's passkeys as credential descriptors: id and the transports its registration reported. */
async function userPasskeys(
  context: ServerContext,
  app: LoadedApp,
  userId: string,
): Promise<{ id: string; transports: string[] }[]> {
  const rows = await context.db.orm
    .select({ credentialId: linkedAccounts.subject, details: linkedAccounts.details })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, app.id),
        eq(linkedAccounts.userId, userId),
        eq(linkedAccounts.type, 'passkey'),
      ),
    )
  return rows.map((row) => ({
    id: row.credentialId,
    transports: (row.details as Partial<PasskeyDetails>).transports ?? [],
  }))
}

/**
 * `passkeys/authenticate/init`: request options for a discoverable-credential sign-in (no
 * `allowCredentials`, user verification preferred) with a fresh 'authentication' challenge.
 */
export async function initPasskeyAuthentication(
  context: ServerContext,
  app: LoadedApp,
  relyingParty: RelyingParty,
): Promise<PasskeyRequestInitResponse> {
  const challenge = await issueChallenge(context, app, {
    ...relyingParty,
    ceremony: 'authentication',
    userId: null,
  })
  const options = await generateAuthenticationOptions({
    rpID: relyingParty.rpId,
    challenge: isoBase64URL.toBuffer(challenge),
    userVerification: 'preferred',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  })
  return { relying_party: relyingParty.rpId, options: requestOptionsToWire(options) }
}

/**
 * `passkeys/authenticate`: verifies an assertion and returns the passkey's user. A checklist
 * (docs/conventions.md "Verifiers are lists of checks"):
 * 1. the relying party named by the client is the request's (H.49) → 403 `invalid_origin`;
 * 2. the challenge is consumed: issued to this app and RP, for 'authentication', unused, unexpired (H.48)
 *    → 401 `invalid_credentials`;
 * 3. the client signed that very challenge → 401 `invalid_credentials`;
 * 4. the credential is registered in this app → 400 `passkey_not_registered` (no user is ever created);
 * 5. signature, type 'webauthn.get', origin and RP ID hash (H.49), user presence (@simplewebauthn/server)
 *    → 401 `invalid_credentials`;
 * 6. signCount policy (H.50): when the stored and new counters are both non-zero the new one must be
 *    greater (WebAuthn §6.1.1: otherwise a cloned authenticator is likely); 0 (synced passkeys) is
 *    tolerated → 401 `invalid_credentials`. The counter is stored by compare-and-set.
 */
export async function authenticateWithPasskey(
  context: ServerContext,
  app: LoadedApp,
  parameters: {
    relyingParty: RelyingParty
    /** The RP ID the client names (`relying_party`), when it names one. */
    claimedRpId: string | undefined
    challenge: string
    response: AuthenticationResponseJSON
  },
): Promise<{ userId: string }> {
  const { relyingParty, response } = parameters
  const failed = () => new FoyerHttpError('invalid_credentials', PASSKEY_VERIFICATION_FAILED_MESSAGE)
  // 1. The client's relying party is the one of its origin.
  if (!namesRelyingParty(parameters.claimedRpId, relyingParty))
    throw new FoyerHttpError('invalid_origin', 'Relying party does not match the origin')
  // 2. Single-use, unexpired, ceremony-tagged challenge.
  const issued = await consumeChallenge(context, app, {
    challenge: parameters.challenge,
    ceremony: 'authentication',
    rpId: relyingParty.rpId,
    userId: null,
  })
  // 3. The assertion answers that challenge.
  if (clientDataChallenge(response.response.clientDataJSON) !== parameters.challenge) throw failed()
  // 4. A known credential.
  const passkey = await findPasskey(context, app, response.id)
  if (!passkey) throw new FoyerHttpError('passkey_not_registered', 'Passkey is not registered')
  // 5. Signature, origin, RP ID, user presence. The library's counter check is disabled (counter 0) so
  //    that policy 6 is ours alone.
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verification = await verifyAuthenticationResponse({
      // The zod schema checked the shape; the library types transports and extensions narrower.
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: parameters.challenge,
      expectedOrigin: issued.origin,
      expectedRPID: issued.rpId,
      expectedType: 'webauthn.get',
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.details.public_key),
        counter: 0,
      },
    })
  } catch {
    throw failed()
  }
  if (!verification.verified) throw failed()
  // 6. signCount regression policy.
  const stored = Number(passkey.details.counter ?? 0)
  const next = verification.authenticationInfo.newCounter
  if (stored > 0 && next > 0 && next <= stored) throw failed()
  const now = new Date(context.now())
  const updated = await context.db.orm
    .update(linkedAccounts)
    .set({
      latestVerifiedAt: now,
      details: sql`jsonb_set(${linkedAccounts.details}, '{counter}', to_jsonb(${next}::bigint))`,
    })
    .where(
      and(
        eq(linkedAccounts.id, passkey.id),
        sql`coalesce((${linkedAccounts.details}->>'counter')::bigint, 0) = ${stored}`,
      ),
    )
    .returning({ id: linkedAccounts.id })
  if (updated.length === 0) throw failed()
  return { userId: passkey.userId }
}

/**
 * Creation options (snake_case on the wire, docs/passkeys.md#wire) for a new resident credential: user
 * verification preferred, attestation 'none', `excluded` credential ids excluded, a fresh 'registration'
 * challenge bound to `userId` (null for a sign-up). The WebAuthn user handle is the user id's bytes, or 32
 * random bytes for a sign-up (the user does not exist yet; WebAuthn §14.6.1: it names no one).
 */
async function creationOptions(
  context: ServerContext,
  app: LoadedApp,
  parameters: {
    relyingParty: RelyingParty
    userId: string | null
    excluded: { id: string; transports: string[] }[]
  },
): Promise<PasskeyCreationInitResponse> {
  const challenge = await issueChallenge(context, app, {
    ...parameters.relyingParty,
    ceremony: 'registration',
    userId: parameters.userId,
  })
  const options = await generateRegistrationOptions({
    rpName: app.name,
    rpID: parameters.relyingParty.rpId,
    userName: `${app.name} user`,
    userID:
      parameters.userId === null
        ? new Uint8Array(randomBytes(PASSKEY_CHALLENGE_BYTES))
        : new TextEncoder().encode(parameters.userId),
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: parameters.excluded.map(({ id, transports }) => ({
      id,
      ...(transports.length > 0 ? { transports: transports as AuthenticatorTransport[] } : {}),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  return { relying_party: parameters.relyingParty.rpId, options: creationOptionsToWire(options) }
}

/**
 * `passkeys/link/init`: creation options for a new resident credential of the signed-in user (the user's
 * passkeys excluded) and a fresh 'registration' challenge bound to the user. Throws 400
 * `cannot_link_more_of_type` at 5 passkeys (docs/passkeys.md).
 */
export async function initPasskeyLink(
  context: ServerContext,
  app: LoadedApp,
  parameters: { relyingParty: RelyingParty; userId: string },
): Promise<PasskeyCreationInitResponse> {
  const existing = await userPasskeys(context, app, parameters.userId)
  if (existing.length >= PASSKEY_LIMIT)
    throw new FoyerHttpError('cannot_link_more_of_type', CANNOT_LINK_MORE_PASSKEYS_MESSAGE)
  return creationOptions(context, app, { ...parameters, excluded: existing })
}

/**
 * Throws 403 `disallowed_login_method` unless the app lets new users sign up with a passkey
 * (`passkey_auth` and `passkeys_for_signup_enabled`, docs/passkeys.md#sign-up), and 403
 * `allowlist_rejected` when the app's allow-list is on (a passkey proves no identifier of the list;
 * docs/passkeys.md#sign-up) — before any ceremony, so the user is not prompted for nothing.
 */
export function assertPasskeySignupAllowed(app: LoadedApp): void {
  if (!app.settings.passkey_auth || !app.settings.passkeys_for_signup_enabled)
    throw new FoyerHttpError('disallowed_login_method', 'Sign up with passkey not allowed.')
  if (app.settings.access_control.allowlist_enabled)
    throw new FoyerHttpError('allowlist_rejected', ALLOWLIST_REJECTED_MESSAGE)
}

/**
 * `passkeys/register/init`: creation options for the first passkey of a new user, with a fresh
 * 'registration' challenge bound to no user (so only `passkeys/register` takes it, never a link).
 */
export function initPasskeySignup(
  context: ServerContext,
  app: LoadedApp,
  relyingParty: RelyingParty,
): Promise<PasskeyCreationInitResponse> {
  return creationOptions(context, app, { relyingParty, userId: null, excluded: [] })
}

/** A verified attestation: the credential id and what its account stores. */
type VerifiedRegistration = { credentialId: string; details: PasskeyDetails }

/**
 * Checks an attestation for `userId` (null: a sign-up). Checklist:
 * 1. the client's relying party is the request's (H.49) → 403 `invalid_origin`;
 * 2. the challenge of `clientDataJSON` is consumed: issued to this user (or to no user), app and RP, for
 *    'registration', unused, unexpired (H.48) → 401 `invalid_credentials`;
 * 3. attestation, type 'webauthn.create', origin, RP ID hash, user presence (@simplewebauthn/server)
 *    → 401 `invalid_credentials`;
 * 4. the credential id is not registered to anyone (H.51) → 400 `linked_to_another_user` (the insert
 *    checks it again: UNIQUE (app, type, subject)).
 */
async function verifyRegistration(
  context: ServerContext,
  app: LoadedApp,
  parameters: {
    relyingParty: RelyingParty
    /** The RP ID the client names (`relying_party`), when it names one. */
    claimedRpId: string | undefined
    userId: string | null
    response: RegistrationResponseJSON
    userAgent: string | undefined
  },
): Promise<VerifiedRegistration> {
  const { relyingParty, response } = parameters
  const failed = () => new FoyerHttpError('invalid_credentials', PASSKEY_VERIFICATION_FAILED_MESSAGE)
  // 1. Relying party.
  if (!namesRelyingParty(parameters.claimedRpId, relyingParty))
    throw new FoyerHttpError('invalid_origin', 'Relying party does not match the origin')
  // 2. Challenge.
  const challenge = clientDataChallenge(response.response.clientDataJSON)
  if (!challenge) throw failed()
  const issued = await consumeChallenge(context, app, {
    challenge,
    ceremony: 'registration',
    rpId: relyingParty.rpId,
    userId: parameters.userId,
  })
  // 3. Attestation.
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verification = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: issued.origin,
      expectedRPID: issued.rpId,
      expectedType: 'webauthn.create',
      requireUserVerification: false,
    })
  } catch {
    throw failed()
  }
  if (!verification.verified) throw failed()
  const { credential, aaguid } = verification.registrationInfo
  // 4. Unique credential id.
  if (await findPasskey(context, app, credential.id))
    throw new FoyerHttpError(
      'linked_to_another_user',
      'This account has already been linked to another user.',
    )
  const { browser, os } = parseUserAgent(parameters.userAgent)
  return {
    credentialId: credential.id,
    details: {
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: response.response.transports ?? [],
      authenticator_name: authenticatorName(aaguid),
      created_with_browser: browser,
      created_with_os: os,
    },
  }
}

/**
 * `passkeys/register`: verifies an attestation ({@link verifyRegistration}, challenge bound to no user)
 * and creates a new user whose first account is the passkey, under the app's sign-up rules
 * ({@link signUpWithNewAccount}: 403 `allowlist_rejected`, 403 `max_accounts_reached`).
 */
export async function signUpWithPasskey(
  context: ServerContext,
  app: LoadedApp,
  parameters: {
    relyingParty: RelyingParty
    /** The RP ID the client names (`relying_party`), when it names one. */
    claimedRpId: string | undefined
    response: RegistrationResponseJSON
    userAgent: string | undefined
  },
): Promise<{ userId: string }> {
  const { credentialId, details } = await verifyRegistration(context, app, { ...parameters, userId: null })
  return signUpWithNewAccount(context, {
    appId: app.id,
    type: 'passkey',
    subject: credentialId,
    details,
    now: new Date(context.now()),
  })
}

/**
 * `passkeys/link`: verifies an attestation ({@link verifyRegistration}, challenge bound to the user) and
 * links the credential to the signed-in user; at most 5 passkeys per user, checked in the inserting
 * statement → 400 `cannot_link_more_of_type`.
 */
export async function linkPasskey(
  context: ServerContext,
  app: LoadedApp,
  parameters: {
    relyingParty: RelyingParty
    /** The RP ID the client names (`relying_party`), when it names one. */
    claimedRpId: string | undefined
    userId: string
    response: RegistrationResponseJSON
    userAgent: string | undefined
  },
): Promise<void> {
  const { userId } = parameters
  const { credentialId, details } = await verifyRegistration(context, app, parameters)
  const at = new Date(context.now()).toISOString()
  let inserted: unknown[]
  try {
    inserted = await context.db.orm.transaction(async (tx) => {
      // Links of one user take turns on its row: without the lock, two links that overlap each count 4
      // passkeys in their own snapshot and both insert (PostgreSQL, READ COMMITTED).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      const result = (await tx.execute(sql`
        insert into ${linkedAccounts} (id, app_id, user_id, type, subject, details, verified_at,
          first_verified_at, latest_verified_at, created_at)
        select ${randomId(25)}, ${app.id}, ${userId}, 'passkey', ${credentialId}, ${JSON.stringify(details)}::jsonb,
          ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
        where (select count(*) from ${linkedAccounts}
          where app_id = ${app.id} and user_id = ${userId} and type = 'passkey') < ${PASSKEY_LIMIT}
        returning id`)) as unknown as { rows: unknown[] }
      return result.rows
    })
  } catch (error) {
    const failure = error as { code?: unknown; cause?: { code?: unknown } }
    if (failure.code === '23505' || failure.cause?.code === '23505')
      throw new FoyerHttpError(
        'linked_to_another_user',
        'This account has already been linked to another user.',
      )
    throw error
  }
  if (inserted.length === 0)
    throw new FoyerHttpError('cannot_link_more_of_type', CANNOT_LINK_MORE_PASSKEYS_MESSAGE)
}

/**
 * `passkeys/unlink`: removes the user's passkey `credentialId`, under the same rules as every other unlink
 * (docs/api.md): 404 `not_found` when the user has no such passkey, 400 `cannot_unlink_sole_account` when it
 * is the user's only account, 400 `invalid_request` 'Cannot unlink a passkey enrolled in MFA'
 * (docs/limits.md, docs/errors.md).
 */
export async function unlinkPasskey(
  context: ServerContext,
  app: LoadedApp,
  parameters: { userId: string; credentialId: string },
): Promise<void> {
  const passkey = await findPasskey(context, app, parameters.credentialId)
  if (
    passkey?.userId === parameters.userId &&
    (passkey.details as { enrolled_in_mfa?: unknown }).enrolled_in_mfa === true
  )
    throw new FoyerHttpError('invalid_request', CANNOT_UNLINK_MFA_PASSKEY_MESSAGE)
  await unlinkAccount(context.db, {
    appId: app.id,
    userId: parameters.userId,
    type: 'passkey',
    subject: parameters.credentialId,
  })
}
