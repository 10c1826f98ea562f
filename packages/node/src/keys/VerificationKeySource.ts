import type { KeyObject } from 'node:crypto'

/** The app's public key, given directly: as SPKI PEM (the app config's `verification_key`), a `CryptoKey` or a `KeyObject`. */
export type VerificationKeyParameters = {
  /** The 25-character app id: the token's expected `aud`. */
  appId: string
  /** ES256 public key; a PEM string is imported once and cached. */
  verificationKey: string | CryptoKey | KeyObject
}

/** The app's key set, fetched from the server: `${apiUrl}/api/v1/apps/{appId}/jwks.json`. */
export type JwksUrlParameters = {
  /** The 25-character app id: the token's expected `aud`. */
  appId: string
  /** The pinned JWKS URL. Keys are only ever taken from here, never from a token header (`jku`, `x5u`, `jwk`). */
  jwksUrl: string | URL
  /** How long a fetched JWKS is trusted before it is fetched again, in ms. Default 600 000 (10 min). */
  cacheMaxAgeMs?: number | undefined
  /** Minimum time between two fetches caused by an unknown `kid`, in ms. Default 30 000. */
  cooldownMs?: number | undefined
  /** Timeout of one JWKS fetch, in ms. Default 5 000. */
  timeoutMs?: number | undefined
}

/** Where the verifier takes the app's key from: a fixed key, or a JWKS URL (cached). */
export type VerificationKeySource = VerificationKeyParameters | JwksUrlParameters
