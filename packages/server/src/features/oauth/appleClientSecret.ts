import { importPKCS8, SignJWT } from 'jose'

/** Lifetime of a generated Apple client secret, in seconds (Apple allows up to 6 months). */
export const APPLE_CLIENT_SECRET_TTL_SECONDS = 300

export type AppleClientSecretParameters = {
  /** The Apple developer team id (the JWT's `iss`). */
  teamId: string
  /** The key id of the Sign in with Apple private key (the JWT header's `kid`). */
  keyId: string
  /** The PKCS8 PEM of that ES256 private key. */
  privateKeyPem: string
  /** The Services ID (the JWT's `sub`: our client id at Apple). */
  clientId: string
  /** The JWT's `aud`: Apple's issuer, `https://appleid.apple.com` (the configured one in tests). */
  audience: string
  /** Current time, ms since epoch. */
  now: number
}

/**
 * Apple's client secret (Apple "Creating a client secret"): an ES256 JWT with header
 * `{ alg: 'ES256', kid: keyId }` and claims `iss` = team id, `sub` = client id, `aud` = Apple's issuer,
 * `iat` = now, `exp` = now + {@link APPLE_CLIENT_SECRET_TTL_SECONDS}. Throws when the key is not an ES256
 * PKCS8 PEM.
 *
 * @example const secret = await appleClientSecret({ teamId, keyId, privateKeyPem, clientId, audience: 'https://appleid.apple.com', now: Date.now() })
 */
export async function appleClientSecret(parameters: AppleClientSecretParameters): Promise<string> {
  const key = await importPKCS8(parameters.privateKeyPem, 'ES256')
  const iat = Math.floor(parameters.now / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: parameters.keyId })
    .setIssuer(parameters.teamId)
    .setSubject(parameters.clientId)
    .setAudience(parameters.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + APPLE_CLIENT_SECRET_TTL_SECONDS)
    .sign(key)
}
