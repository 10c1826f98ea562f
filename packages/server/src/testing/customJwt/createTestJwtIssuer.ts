import type { CustomJwtAuthConfig } from '@foyer/protocol'
import { exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from 'jose'

/** Options of {@link createTestJwtIssuer}. */
export type CreateTestJwtIssuerParameters = {
  /** The `aud` of every token (an app's `custom_jwt_auth.audience`). */
  audience: string
  /** The `iss` of every token; default `https://host.example`. */
  issuer?: string | undefined
  /** The clock tokens are issued by, ms (the test context's `now`). */
  now: () => number
}

/**
 * Test support for sign-in with the host's own JWT: a host with a fresh RS256 key, the app settings that
 * trust it, and tokens it signs.
 *
 * @returns `settings` for an app's `custom_jwt_auth` (issuer, audience, subject claim `sub`, the public
 *   key's PEM, RS256 only) and `sign(subject, claims)`, a token issued now and valid for 300 s.
 * @example
 * const host = await createTestJwtIssuer({ audience: 'my-test', now: t.now })
 * const app = await createAppRecord(t.db, { name, masterKey, settings: { custom_jwt_auth: host.settings } })
 * await t.request({ method: 'POST', url: '/api/v1/custom_jwt_account/authenticate', json: { token: await host.sign('alice') }, appId: app.id })
 */
export async function createTestJwtIssuer({
  audience,
  issuer = 'https://host.example',
  now,
}: CreateTestJwtIssuerParameters) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const settings: CustomJwtAuthConfig = {
    enabled: true,
    issuer,
    audience,
    jwks_url: null,
    subject_claim: 'sub',
    public_key_pem: await exportSPKI(publicKey),
    algorithms: ['RS256'],
  }
  return {
    issuer,
    settings,
    /** A token for `subject` with the extra `claims`, issued now, expiring in 300 s. */
    sign(subject: string, claims: JWTPayload = {}) {
      const nowSeconds = Math.floor(now() / 1000)
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject(subject)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + 300)
        .sign(privateKey)
    },
  }
}
