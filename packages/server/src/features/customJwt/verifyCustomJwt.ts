import type { CustomJwtAuthConfig } from '@foyer/protocol'
import {
  createRemoteJWKSet,
  errors,
  importSPKI,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'

/** JWKS fetching of custom-JWT issuers (docs/security.md property 31). All in ms. */
export type JwksOptions = {
  /** Fetch timeout; default 5000. */
  timeoutMs?: number
  /** No refetch this soon after a fetch, even for an unknown `kid`; default 30000. */
  cooldownMs?: number
  /** A fetched set is trusted this long; default 600000 (10 min). */
  cacheMaxAgeMs?: number
}

/** Key resolvers per pinned JWKS URL (jose caches the set and refetches on an unknown `kid`). */
export type JwksCache = (url: string) => JWTVerifyGetKey

/**
 * A cache of remote key sets, one per configured JWKS URL, so that every verification of an issuer shares
 * one fetched set; an unknown `kid` triggers a refetch (after the cooldown), so a rotated key is accepted.
 *
 * @example const keys = createJwksCache({ timeoutMs: 5000 })('https://host.example/jwks.json')
 */
export function createJwksCache(options: JwksOptions = {}): JwksCache {
  const sets = new Map<string, JWTVerifyGetKey>()
  return (url) => {
    let set = sets.get(url)
    if (!set) {
      set = createRemoteJWKSet(new URL(url), {
        timeoutDuration: options.timeoutMs ?? 5000,
        cooldownDuration: options.cooldownMs ?? 30_000,
        cacheMaxAge: options.cacheMaxAgeMs ?? 600_000,
      })
      sets.set(url, set)
    }
    return set
  }
}

const invalidToken = () => foyerError('invalidCustomAuthToken')

/**
 * Verifies the host's JWT `token` against the app's `custom_jwt_auth` settings and returns its identity
 * (docs/security.md properties 28–32, RFC 8725). Checks, in order:
 * 1. custom auth is enabled and configured (issuer, audience, a key) — else 403 `disallowed_login_method`;
 * 2. the JWS algorithm is in the app's allow-list (asymmetric only: `none` and HMACs never pass, security property 28);
 * 3. the signature, with the pinned JWKS URL (`kid` looked up only there; `jku`/`x5u`/`jwk` headers are
 *    ignored, security property 29) or the configured PEM public key;
 * 4. exact `iss` and `aud`, and `exp` present and in the future (at `nowMs`), `nbf` if present (security property 30);
 * 5. the subject claim (`subject_claim`, default `sub`) is a non-empty string of at most 255 characters.
 * The identity is (issuer, subject); an `email` claim is never used (security property 32). Throws 401
 * `invalid_credentials` 'Invalid custom auth token' for 2–5.
 */
export async function verifyCustomJwt(
  config: CustomJwtAuthConfig,
  token: string,
  parameters: { nowMs: number; jwks: JwksCache },
): Promise<{ issuer: string; subject: string; payload: JWTPayload }> {
  // 1. Enabled and fully configured.
  const { issuer, audience } = config
  if (!config.enabled || !issuer || !audience || (!config.jwks_url && !config.public_key_pem))
    throw foyerError('customAuthNotAllowed')

  // 2.–4. jose checks the allow-list before the key, then signature, iss, aud, exp and nbf.
  let payload: JWTPayload
  try {
    const options = {
      algorithms: config.algorithms,
      issuer,
      audience,
      requiredClaims: ['exp'],
      currentDate: new Date(parameters.nowMs),
    }
    if (config.jwks_url) {
      payload = (await jwtVerify(token, parameters.jwks(config.jwks_url), options)).payload
    } else {
      const pem = config.public_key_pem as string
      payload = (
        await jwtVerify(
          token,
          async (header: { alg?: string }) => {
            // The allow-list was checked by jose; import the PEM for the token's (allowed) algorithm.
            if (!header.alg || !config.algorithms.includes(header.alg as never)) throw invalidToken()
            return importSPKI(pem, header.alg)
          },
          options,
        )
      ).payload
    }
  } catch (error) {
    if (error instanceof FoyerHttpError) throw error
    if (error instanceof errors.JOSEError) throw invalidToken()
    // A key that does not fit the algorithm (e.g. an RSA PEM for ES256) is also a bad token.
    if (error instanceof TypeError) throw invalidToken()
    throw error
  }

  // 5. The subject claim.
  const subject = payload[config.subject_claim]
  if (typeof subject !== 'string' || subject.length === 0 || subject.length > 255) throw invalidToken()
  return { issuer, subject, payload }
}

/** The context of the custom-JWT routes: the server's, and the `customJwt()` method's key-set cache. */
export type CustomJwtContext = ServerContext & { customJwtKeys: JwksCache }
