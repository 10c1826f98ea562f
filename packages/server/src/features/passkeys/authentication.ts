/** Signing in with a passkey: the request options, and the verification of an assertion. */
import {
  type AuthenticationResponseJSON,
  type PasskeyRequestInitResponse,
  requestOptionsToWire,
} from '@foyer/protocol'
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, eq, sql } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { linkedAccounts } from '../users/schema'
import {
  clientDataChallenge,
  consumeChallenge,
  issueChallenge,
  namesRelyingParty,
  PASSKEY_CHALLENGE_TTL_MS,
  type RelyingParty,
} from './ceremony'
import { findPasskey } from './storedPasskeys'

/** Throws 403 `disallowed_login_method` unless the app has `passkey_auth` on. */
export function assertPasskeysEnabled(app: LoadedApp): void {
  if (!app.settings.passkey_auth) throw foyerError('passkeyLoginNotAllowed')
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
 * 1. the relying party named by the client is the request's (security property 49) → 403 `invalid_origin`;
 * 2. the challenge is consumed: issued to this app and RP, for 'authentication', unused, unexpired (security property 48)
 *    → 401 `invalid_credentials`;
 * 3. the client signed that very challenge → 401 `invalid_credentials`;
 * 4. the credential is registered in this app → 400 `passkey_not_registered` (no user is ever created);
 * 5. signature, type 'webauthn.get', origin and RP ID hash (security property 49), user presence (@simplewebauthn/server)
 *    → 401 `invalid_credentials`;
 * 6. signCount policy (security property 50): when the stored and new counters are both non-zero the new one must be
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
  const failed = () => foyerError('passkeyVerificationFailed')
  // 1. The client's relying party is the one of its origin.
  if (!namesRelyingParty(parameters.claimedRpId, relyingParty)) throw foyerError('relyingPartyMismatch')
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
  if (!passkey) throw foyerError('passkeyNotRegistered')
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
