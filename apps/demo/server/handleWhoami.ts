import { InvalidTokenError, verifyAccessToken } from '@foyer/node'
import { APP_ID_LENGTH, cookieNames } from '@foyer/protocol'

/** The demo's default app, seeded by `foyer-server start`. */
export const DEMO_APP_ID = 'foyerdemoapp0000000000000'

/** What the route answers: 200 with the verified user, or an error `{ error, code }`. */
export type WhoamiResult =
  | {
      status: 200
      body: {
        userId: string
        sessionId: string
        appId: string
        expiresAt: number
        via: 'authorization' | 'cookie'
      }
    }
  | { status: 400 | 401 | 503; body: { error: string; code: string } }

/**
 * `GET /api/whoami?appId=…` — what a host back end does with a Foyer session: take the access token from the
 * `Authorization: Bearer` header, else from the `privy-token` cookie, verify it with `@foyer/node` against
 * the app's JWKS on the Foyer server (`${apiUrl}/api/v1/apps/{appId}/jwks.json`), and answer who it is.
 *
 * @param request - The request URL (path + query) and its `authorization` and `cookie` headers.
 * @param apiUrl - The Foyer server's base URL.
 * @returns 200 `{ userId, sessionId, appId, expiresAt, via }`; 400 `invalid_app_id`; 401
 *   `missing_token` or the verifier's code (`token_expired`, `invalid_signature`, …); 503 `jwks_unavailable`.
 */
export async function handleWhoami(
  request: { url: string; authorization: string | undefined; cookie: string | undefined },
  apiUrl: string,
): Promise<WhoamiResult> {
  const appId = new URL(request.url, 'http://demo.invalid').searchParams.get('appId') ?? DEMO_APP_ID
  if (!new RegExp(`^[a-z0-9]{${APP_ID_LENGTH}}$`).test(appId))
    return { status: 400, body: { error: 'Invalid app id', code: 'invalid_app_id' } }

  const bearer = /^Bearer (\S+)$/i.exec(request.authorization ?? '')?.[1]
  const cookie = readCookie(request.cookie, cookieNames.accessToken)
  const token = bearer ?? cookie
  if (!token) return { status: 401, body: { error: 'No access token', code: 'missing_token' } }

  try {
    const claims = await verifyAccessToken(token, {
      appId,
      jwksUrl: `${apiUrl.replace(/\/+$/, '')}/api/v1/apps/${appId}/jwks.json`,
    })
    return {
      status: 200,
      body: {
        userId: claims.userId,
        sessionId: claims.sessionId,
        appId: claims.appId,
        expiresAt: claims.expiresAt,
        via: bearer ? 'authorization' : 'cookie',
      },
    }
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error
    return {
      status: error.code === 'jwks_unavailable' ? 503 : 401,
      body: { error: error.shortMessage, code: error.code },
    }
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim()
      return value ? decodeURIComponent(value) : undefined
    }
  }
  return undefined
}
