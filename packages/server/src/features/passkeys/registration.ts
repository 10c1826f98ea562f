/**
 * Registering a new passkey: the creation options, the verification of an attestation, and the
 * sign-up of a new user by a passkey.
 */
import { randomBytes } from 'node:crypto'
import {
  creationOptionsToWire,
  type PasskeyCreationInitResponse,
  type RegistrationResponseJSON,
} from '@foyer/protocol'
import type { AuthenticatorTransport } from '@simplewebauthn/server'
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { linkedToAnotherUser } from '../users/newLinkedAccount'
import { signUpWithNewAccount } from '../users/service'
import type { PasskeyDetails } from './account'
import { authenticatorName } from './authenticatorName'
import {
  clientDataChallenge,
  consumeChallenge,
  issueChallenge,
  namesRelyingParty,
  PASSKEY_CHALLENGE_BYTES,
  PASSKEY_CHALLENGE_TTL_MS,
  type RelyingParty,
} from './ceremony'
import { parseUserAgent } from './parseUserAgent'
import { findPasskey } from './storedPasskeys'

/**
 * Creation options (snake_case on the wire, docs/passkeys.md#wire) for a new resident credential: user
 * verification preferred, attestation 'none', `excluded` credential ids excluded, a fresh 'registration'
 * challenge bound to `userId` (null for a sign-up). The WebAuthn user handle is the user id's bytes, or 32
 * random bytes for a sign-up (the user does not exist yet; WebAuthn §14.6.1: it names no one).
 */
export async function creationOptions(
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
 * Throws 403 `disallowed_login_method` unless the app lets new users sign up with a passkey
 * (`passkey_auth` and `passkeys_for_signup_enabled`, docs/passkeys.md#sign-up), and 403
 * `allowlist_rejected` when the app's allow-list is on (a passkey proves no identifier of the list;
 * docs/passkeys.md#sign-up) — before any ceremony, so the user is not prompted for nothing.
 */
export function assertPasskeySignupAllowed(app: LoadedApp): void {
  if (!app.settings.passkey_auth || !app.settings.passkeys_for_signup_enabled)
    throw foyerError('passkeySignUpNotAllowed')
  if (app.settings.access_control.allowlist_enabled) throw foyerError('allowlistRejected')
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
 * 1. the client's relying party is the request's (security property 49) → 403 `invalid_origin`;
 * 2. the challenge of `clientDataJSON` is consumed: issued to this user (or to no user), app and RP, for
 *    'registration', unused, unexpired (security property 48) → 401 `invalid_credentials`;
 * 3. attestation, type 'webauthn.create', origin, RP ID hash, user presence (@simplewebauthn/server)
 *    → 401 `invalid_credentials`;
 * 4. the credential id is not registered to anyone (security property 51) → 400 `linked_to_another_user` (the insert
 *    checks it again: UNIQUE (app, type, subject)).
 */
export async function verifyRegistration(
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
  const failed = () => foyerError('passkeyVerificationFailed')
  // 1. Relying party.
  if (!namesRelyingParty(parameters.claimedRpId, relyingParty)) throw foyerError('relyingPartyMismatch')
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
  if (await findPasskey(context, app, credential.id)) throw linkedToAnotherUser()
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
