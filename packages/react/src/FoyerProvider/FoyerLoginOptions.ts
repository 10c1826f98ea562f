/**
 * Options of one login (`useFoyer().login(options)`; docs/api.md).
 *
 * @example login({ disableSignup: true }) // only existing users sign in; an unknown account sees 'Account not found'
 */
export type FoyerLoginOptions = {
  /**
   * `true`: every sign-in method of this login sends mode `'no-signup'` (docs/wire.md#oauth), so an unknown
   * account gets `user_does_not_exist` and the 'Account not found' screen, and nothing is created. Default
   * `false` (then `config.oauth.disableSignup` and `config.telegram.disableSignup` still apply to their
   * methods).
   */
  disableSignup?: boolean
}
