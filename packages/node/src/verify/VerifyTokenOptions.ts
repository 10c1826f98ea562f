/** Options shared by {@link verifyAccessToken} and {@link verifyIdentityToken}. */
export type VerifyTokenOptions = {
  /** The exact `iss` expected: the server's `issuer` option. Default `'foyer'`. */
  issuer?: string | undefined
  /** The time to check `exp` against. Default: now. */
  currentDate?: Date | undefined
  /** Leeway for `exp` and `nbf`, in seconds, for clock skew between machines. Default 0. */
  clockToleranceSeconds?: number | undefined
}
