import type { CookieSerializeOptions } from '@fastify/cookie'
import { cookieNames, SESSION_ABSOLUTE_TTL_SECONDS } from '@foyer/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * Attributes of every session cookie (docs/limits.md; docs/security.md property 26): `Path=/`,
 * `SameSite=Strict`, and `Secure` unless the request is plain http to localhost / 127.0.0.1 (browsers drop
 * Secure cookies there).
 */
function baseOptions(request: FastifyRequest): CookieSerializeOptions {
  const localHttp = request.protocol === 'http' && loopbackHosts.has(request.hostname.toLowerCase())
  return { path: '/', sameSite: 'strict', secure: !localHttp }
}

/** Tokens to put in cookies; a null token leaves its cookie untouched. */
export type SessionCookieTokens = {
  accessToken: string | null
  refreshToken: string | null
  identityToken: string | null
  /** Lifetime of the access and identity tokens, in seconds (the `Max-Age` of their cookies). */
  accessTokenTtlSeconds: number
}

/**
 * The four session cookies of server-cookie mode (docs/limits.md; docs/security.md property 26):
 * - `privy-token` = access token, HttpOnly, `Max-Age` = access-token lifetime;
 * - `privy-refresh-token` = refresh token, HttpOnly, `Max-Age` 30 days;
 * - `privy-id-token` = identity token, HttpOnly, `Max-Age` = access-token lifetime;
 * - `privy-session` = `t`, readable by scripts (a flag that a session may exist), `Max-Age` 30 days.
 */
export const sessionCookies = {
  /** Sets the cookies of `tokens` and the `privy-session` flag on `reply`. */
  set(reply: FastifyReply, request: FastifyRequest, tokens: SessionCookieTokens): void {
    const base = baseOptions(request)
    if (tokens.accessToken)
      reply.setCookie(cookieNames.accessToken, tokens.accessToken, {
        ...base,
        httpOnly: true,
        maxAge: tokens.accessTokenTtlSeconds,
      })
    if (tokens.refreshToken)
      reply.setCookie(cookieNames.refreshToken, tokens.refreshToken, {
        ...base,
        httpOnly: true,
        maxAge: SESSION_ABSOLUTE_TTL_SECONDS,
      })
    if (tokens.identityToken)
      reply.setCookie(cookieNames.identityToken, tokens.identityToken, {
        ...base,
        httpOnly: true,
        maxAge: tokens.accessTokenTtlSeconds,
      })
    reply.setCookie(cookieNames.session, 't', {
      ...base,
      httpOnly: false,
      maxAge: SESSION_ABSOLUTE_TTL_SECONDS,
    })
  },
  /** Expires all four cookies (logout, dead refresh token). */
  clear(reply: FastifyReply, request: FastifyRequest): void {
    const base = baseOptions(request)
    for (const name of [
      cookieNames.accessToken,
      cookieNames.refreshToken,
      cookieNames.identityToken,
      cookieNames.session,
    ])
      reply.clearCookie(name, { ...base, httpOnly: name !== cookieNames.session })
  },
  /** The value of cookie `name` on `request`, or undefined. */
  read(request: FastifyRequest, name: (typeof cookieNames)[keyof typeof cookieNames]): string | undefined {
    const value = request.cookies?.[name]
    return typeof value === 'string' && value.length > 0 ? value : undefined
  },
}
