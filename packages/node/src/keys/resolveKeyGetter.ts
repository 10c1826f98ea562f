import type { KeyObject } from 'node:crypto'
import { createRemoteJWKSet, importSPKI, type JWTVerifyGetKey } from 'jose'
import type { VerificationKeySource } from './VerificationKeySource'

/** jose's default JWKS policy, spelled out (docs/security.md property 31: cache, cooldown, timeout). */
const DEFAULT_CACHE_MAX_AGE_MS = 600_000
const DEFAULT_COOLDOWN_MS = 30_000
const DEFAULT_TIMEOUT_MS = 5_000

/**
 * Caches shared by every call in the process: a verifier is called per request, and the point of a JWKS
 * cache is to outlive one call. Keyed by URL and policy; PEM imports keyed by the PEM text.
 */
const jwksSets = new Map<string, JWTVerifyGetKey>()
const importedPems = new Map<string, Promise<CryptoKey>>()

/**
 * The key (or key getter) to verify with. A PEM is imported as an ES256 SPKI key; a JWKS URL becomes a
 * remote key set (jose `createRemoteJWKSet`): fetched on first use, cached for `cacheMaxAgeMs`, refetched
 * when a token's `kid` is unknown — at most once per `cooldownMs` — and never following redirects. Keys are
 * chosen by `kid` within that set only.
 *
 * @internal
 */
export function resolveKeyGetter(
  source: VerificationKeySource,
): CryptoKey | KeyObject | JWTVerifyGetKey | Promise<CryptoKey> {
  if ('jwksUrl' in source) {
    const url = new URL(source.jwksUrl)
    const cacheMaxAge = source.cacheMaxAgeMs ?? DEFAULT_CACHE_MAX_AGE_MS
    const cooldownDuration = source.cooldownMs ?? DEFAULT_COOLDOWN_MS
    const timeoutDuration = source.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const cacheKey = JSON.stringify([url.href, cacheMaxAge, cooldownDuration, timeoutDuration])
    let set = jwksSets.get(cacheKey)
    if (!set) {
      set = createRemoteJWKSet(url, { cacheMaxAge, cooldownDuration, timeoutDuration })
      jwksSets.set(cacheKey, set)
    }
    return set
  }
  const key = source.verificationKey
  if (typeof key !== 'string') return key
  let imported = importedPems.get(key)
  if (!imported) {
    imported = importSPKI(key, 'ES256')
    importedPems.set(key, imported)
    imported.catch(() => importedPems.delete(key))
  }
  return imported
}
