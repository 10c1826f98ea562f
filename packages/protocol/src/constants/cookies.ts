/**
 * Cookie names of the wire contract (docs/limits.md; docs/api.md). In server-cookie mode the
 * server sets all four (the first three HttpOnly); otherwise the client itself writes `accessToken` and
 * `session` so that a host back end on the same site can read the session.
 */
export const cookieNames = {
  /** The access token (JWT). HttpOnly when the server sets it; expires with the token. */
  accessToken: 'privy-token',
  /** The refresh token; only ever set by the server, HttpOnly. */
  refreshToken: 'privy-refresh-token',
  /** The identity token; only ever set by the server, HttpOnly. */
  identityToken: 'privy-id-token',
  /** `t`: a readable flag that a session may exist (30 days). */
  session: 'privy-session',
} as const
