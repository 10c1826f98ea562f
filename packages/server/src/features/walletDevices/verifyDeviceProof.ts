import { createHash } from 'node:crypto'
import { DEVICE_PROOF_MAX_AGE_SECONDS, DEVICE_PROOF_TYP } from '@foyer/protocol'
import { and, eq, gt } from 'drizzle-orm'
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, type JWK, jwtVerify } from 'jose'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { deviceProofNonces } from './schema'

/** A proof that passed every check: the device key's thumbprint (RFC 7638) and public JWK. */
export type VerifiedDeviceProof = { jkt: string; jwk: JWK }

export type VerifyDeviceProofParameters = {
  /** The `DPoP` header's value (absent: refused). */
  proof: string | undefined
  /** The request's method, e.g. 'POST'. */
  method: string
  /** The request's path (a query string is ignored, RFC 9449 §4.3). */
  path: string
  /** The hosts the request may name in `htu`: the `Host` header, and the server's public URL's host. */
  hosts: readonly string[]
  /** The Bearer access token the request carries; `ath` must be its SHA-256 (base64url). */
  accessToken: string
  /** The session of that token: the nonce must have been issued to it. */
  sessionId: string
}

const refuse = (reason: string) => foyerError('invalidDeviceProof', { reason })

const base64UrlSha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/**
 * Checks a device proof (`docs/security.md#device-keys`; the shape of an RFC 9449 DPoP proof), as a
 * checklist, each failure 401 `invalid_device_proof` naming the check:
 * 1. present, one compact JWS of at most 4 kB;
 * 2. header `typ` `dpop+jwt`, `alg` ES256, `jwk` a public P-256 key (no private part) (RFC 9449 §4.2);
 * 3. the signature verifies with that `jwk`;
 * 4. `htm` is the request's method and `htu` its URL: same path, a host of this server (§4.3);
 * 5. `iat` within ±60 s of the server's clock; `jti` present;
 * 6. `ath` is the SHA-256 of the request's access token (§4.3, §7): a proof made for one token is refused
 *    with another;
 * 7. `nonce` was issued to this session, is unexpired, and is consumed now by one atomic
 *    `DELETE … RETURNING` (§8): a replayed proof finds it gone.
 * Whether the key is a registered device of the user is the caller's check.
 */
export async function verifyDeviceProof(
  context: ServerContext,
  parameters: VerifyDeviceProofParameters,
): Promise<VerifiedDeviceProof> {
  const { proof } = parameters
  // 1.
  if (typeof proof !== 'string' || proof.length === 0) throw refuse('missing DPoP header')
  if (proof.length > 4096 || proof.split('.').length !== 3) throw refuse('not a compact JWS')
  // 2.
  let header: ReturnType<typeof decodeProtectedHeader>
  try {
    header = decodeProtectedHeader(proof)
  } catch {
    throw refuse('unreadable header')
  }
  if (header.typ !== DEVICE_PROOF_TYP) throw refuse('typ must be dpop+jwt')
  if (header.alg !== 'ES256') throw refuse('alg must be ES256')
  const jwk = header.jwk
  if (jwk?.kty !== 'EC' || jwk.crv !== 'P-256' || 'd' in jwk) throw refuse('jwk must be a public P-256 key')
  // 3.
  const nowMs = context.now()
  let payload: Record<string, unknown>
  try {
    const verified = await jwtVerify(proof, EmbeddedJWK, {
      algorithms: ['ES256'],
      typ: DEVICE_PROOF_TYP,
      currentDate: new Date(nowMs),
    })
    payload = verified.payload
  } catch {
    throw refuse('bad signature')
  }
  // 4.
  if (payload.htm !== parameters.method) throw refuse('htm does not match the request')
  let htu: URL
  try {
    htu = new URL(String(payload.htu))
  } catch {
    throw refuse('htu does not match the request')
  }
  const path = parameters.path.split('?')[0]
  if (
    !['http:', 'https:'].includes(htu.protocol) ||
    htu.pathname !== path ||
    !parameters.hosts.includes(htu.host)
  )
    throw refuse('htu does not match the request')
  // 5.
  const iat = payload.iat
  if (typeof iat !== 'number' || Math.abs(nowMs / 1000 - iat) > DEVICE_PROOF_MAX_AGE_SECONDS)
    throw refuse('iat outside the time window')
  if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 128)
    throw refuse('missing jti')
  // 6.
  if (payload.ath !== base64UrlSha256(parameters.accessToken))
    throw refuse('ath does not match the access token')
  // 7.
  if (typeof payload.nonce !== 'string' || payload.nonce.length === 0 || payload.nonce.length > 128)
    throw refuse('missing nonce')
  const consumed = await context.db.orm
    .delete(deviceProofNonces)
    .where(
      and(
        eq(deviceProofNonces.nonce, payload.nonce),
        eq(deviceProofNonces.sessionId, parameters.sessionId),
        gt(deviceProofNonces.expiresAt, new Date(nowMs)),
      ),
    )
    .returning({ nonce: deviceProofNonces.nonce })
  if (consumed.length === 0) throw refuse('unknown, expired or used nonce')
  return { jkt: await calculateJwkThumbprint(jwk, 'sha256'), jwk }
}
