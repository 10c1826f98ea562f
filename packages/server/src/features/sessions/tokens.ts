import {
  ACCESS_TOKEN_TYP,
  IDENTITY_TOKEN_TYP,
  type LinkedAccount,
  TOKEN_ALG,
  toUserDid,
} from '@foyer/protocol'
import { jwtVerify, SignJWT } from 'jose'
import type { LoadedApp } from '../apps/service'

export type TokenSettings = {
  issuer: string
  /** Lifetime in seconds. */
  ttlSeconds: number
  /** Issue time in ms since epoch. */
  nowMs: number
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
  const iat = Math.floor(settings.nowMs / 1000)
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: TOKEN_ALG, typ: ACCESS_TOKEN_TYP, kid: app.kid })
    .setSubject(toUserDid(claims.userId))
    .setIssuer(settings.issuer)
    .setAudience(app.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.ttlSeconds)
    .sign(app.privateKey)
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
  const iat = Math.floor(settings.nowMs / 1000)
  return new SignJWT({ linked_accounts: JSON.stringify(claims.linkedAccounts) })
    .setProtectedHeader({ alg: TOKEN_ALG, typ: IDENTITY_TOKEN_TYP, kid: app.kid })
    .setSubject(toUserDid(claims.userId))
    .setIssuer(settings.issuer)
    .setAudience(app.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.ttlSeconds)
    .sign(app.privateKey)
}

/**
 * Verifies an access token of `app`, as a checklist (docs/security.md properties 28–30): signature by the
 * app's key, `alg` ES256 only, `typ` 'JWT', exact `iss` and `aud`, `exp` against `nowMs` (unless
 * `allowExpired`), and string `sid` and `sub` claims. Returns `{ sessionId, subject }`; null on any failure.
 */
export async function verifyAccessToken(
  app: LoadedApp,
  token: string,
  settings: { issuer: string; nowMs: number; allowExpired?: boolean },
): Promise<{ sessionId: string; subject: string } | null> {
  try {
    const { payload } = await jwtVerify(token, app.publicKey, {
      algorithms: [TOKEN_ALG],
      typ: ACCESS_TOKEN_TYP,
      issuer: settings.issuer,
      audience: app.id,
      currentDate: new Date(settings.nowMs),
      ...(settings.allowExpired ? { clockTolerance: Number.MAX_SAFE_INTEGER } : {}),
    })
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null
    return { sessionId: payload.sid, subject: payload.sub }
  } catch {
    return null
  }
}
