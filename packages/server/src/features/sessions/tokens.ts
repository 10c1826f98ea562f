import {
  ACCESS_TOKEN_TYP,
  IDENTITY_TOKEN_TYP,
  type LinkedAccount,
  TOKEN_ALG,
  toUserDid,
} from '@foyer/protocol'
import { decodeProtectedHeader, type JWTPayload, jwtVerify, SignJWT } from 'jose'
import type { LoadedApp } from '../apps/service'

export type TokenSettings = {
  issuer: string
  /** Lifetime in seconds. */
  ttlSeconds: number
  /** Issue time in ms since epoch. */
  nowMs: number
}

/**
 * Signs a JWT with `app`'s key: header `{ alg: 'ES256', typ, kid }`, the `claims` given and `sub` (the DID of
 * `userId`), `iss`, `aud` (the app id), `iat` and `exp = iat + ttlSeconds` (seconds since epoch).
 */
export async function signAppJwt(
  app: LoadedApp,
  token: { typ: string; claims: JWTPayload; userId: string },
  settings: TokenSettings,
): Promise<string> {
  const iat = Math.floor(settings.nowMs / 1000)
  return new SignJWT(token.claims)
    .setProtectedHeader({ alg: TOKEN_ALG, typ: token.typ, kid: app.kid })
    .setSubject(toUserDid(token.userId))
    .setIssuer(settings.issuer)
    .setAudience(app.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.ttlSeconds)
    .sign(app.privateKey)
}

/**
 * Signs an access token (docs/api.md): header `{ alg: 'ES256', typ: 'JWT', kid }`, claims
 * `sid`, `sub` (user DID), `iss`, `aud` (app id), `iat`, `exp` (seconds).
 */
export async function signAccessToken(
  app: LoadedApp,
  claims: { sessionId: string; userId: string },
  settings: TokenSettings,
): Promise<string> {
  return signAppJwt(
    app,
    { typ: ACCESS_TOKEN_TYP, claims: { sid: claims.sessionId }, userId: claims.userId },
    settings,
  )
}

/**
 * Signs an identity token: header `typ: 'id+jwt'` (never accepted as an access token, RFC 8725 §3.11),
 * claims `sub`, `iss`, `aud`, `iat`, `exp` and `linked_accounts` as a JSON string.
 */
export async function signIdentityToken(
  app: LoadedApp,
  claims: { userId: string; linkedAccounts: LinkedAccount[] },
  settings: TokenSettings,
): Promise<string> {
  const linkedAccounts = JSON.stringify(claims.linkedAccounts)
  return signAppJwt(
    app,
    { typ: IDENTITY_TOKEN_TYP, claims: { linked_accounts: linkedAccounts }, userId: claims.userId },
    settings,
  )
}

/** A verified access token's claims, kept to skip re-checking its signature. */
type VerifiedAccessToken = { sessionId: string; subject: string; issuer: string; expiresAtMs: number }

/** How many verified access tokens a process keeps per app key (the oldest goes first). */
const VERIFIED_TOKENS_KEPT = 10_000

/**
 * Access tokens whose signature and claims were verified, per app public key (a rotated key starts empty):
 * a token is immutable, so a second use needs only its expiry checked again. Never holds a token that failed.
 */
const verifiedTokens = new WeakMap<object, Map<string, VerifiedAccessToken>>()

/**
 * The public key that verifies a token with header `kid`: a retired key of `app` with that kid while it
 * still verifies (docs/console.md#signing-key-rotation), else the current key.
 */
function verificationKeyOf(app: LoadedApp, token: string, nowMs: number): CryptoKey {
  if (app.retiredKeys.length === 0) return app.publicKey
  let kid: unknown
  try {
    kid = decodeProtectedHeader(token).kid
  } catch {
    return app.publicKey
  }
  const retired = app.retiredKeys.find((key) => key.kid === kid && key.verifyUntil.getTime() > nowMs)
  return retired?.publicKey ?? app.publicKey
}

/**
 * Verifies an access token of `app`, as a checklist (docs/security.md properties 28–30): signature by the
 * app's key (a key retired by a rotation while its tokens may live, picked by `kid`), `alg` ES256 only, `typ` 'JWT', exact `iss` and `aud`, `exp` against `nowMs` (unless
 * `allowExpired`), and string `sid` and `sub` claims. Returns `{ sessionId, subject }`; null on any failure.
 * A token verified before under the same key is answered from memory after its `iss` and `exp` are checked
 * again (docs/sessions.md#session-reads); whether its session is live is the caller's check, every time.
 */
export async function verifyAccessToken(
  app: LoadedApp,
  token: string,
  settings: { issuer: string; nowMs: number; allowExpired?: boolean },
): Promise<{ sessionId: string; subject: string } | null> {
  const publicKey = verificationKeyOf(app, token, settings.nowMs)
  let kept = verifiedTokens.get(publicKey)
  const known = kept?.get(token)
  if (
    known &&
    known.issuer === settings.issuer &&
    (settings.allowExpired || known.expiresAtMs > settings.nowMs)
  )
    return { sessionId: known.sessionId, subject: known.subject }
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [TOKEN_ALG],
      typ: ACCESS_TOKEN_TYP,
      issuer: settings.issuer,
      audience: app.id,
      currentDate: new Date(settings.nowMs),
      ...(settings.allowExpired ? { clockTolerance: Number.MAX_SAFE_INTEGER } : {}),
    })
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null
    if (typeof payload.exp === 'number') {
      if (!kept) {
        kept = new Map()
        verifiedTokens.set(publicKey, kept)
      }
      if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value as string)
      kept.set(token, {
        sessionId: payload.sid,
        subject: payload.sub,
        issuer: settings.issuer,
        expiresAtMs: payload.exp * 1000,
      })
    }
    return { sessionId: payload.sid, subject: payload.sub }
  } catch {
    return null
  }
}
