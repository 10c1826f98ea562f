import { linkCustomAccessToken } from '@foyer/core'
import type { User } from '@foyer/protocol'
import { useHostCalls } from './useHostCalls'

/** What {@link useLinkCustomAuth} returns. */
export type UseLinkCustomAuthReturnType = {
  /**
   * Links the identity (issuer, subject) of the host's JWT `token` to the signed-in user, keeping the session
   * (docs/linked-accounts.md#linking-the-hosts-jwt-identity); resolves with the updated user, whose
   * `linkedAccounts` holds the `custom_auth` account. Rejects with the core error: `linked_to_another_user`,
   * `cannot_link_more_of_type` (one per user), `invalid_credentials` (the token fails the app's checks),
   * `disallowed_login_method` (custom auth is off), `missing_or_invalid_token` (nobody signed in).
   */
  linkCustomAccessToken(token: string): Promise<User>
  /** True while the link runs. */
  busy: boolean
  /** The last failure: its code and the documented text (docs/errors.md), or null. */
  error: { code: string; message: string } | null
}

/**
 * Links the host's own sign-in (its JWT) to a user signed in another way; a thin hook over core
 * `linkCustomAccessToken` (docs/linked-accounts.md#linking-the-hosts-jwt-identity).
 *
 * @throws Error 'useLinkCustomAuth must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { linkCustomAccessToken, busy, error } = useLinkCustomAuth()
 * <button onClick={async () => linkCustomAccessToken(await host.getToken()).catch(() => {})} disabled={busy}>
 *   Link my account
 * </button>
 * {error ? <p role="alert">{error.message}</p> : null}
 */
export function useLinkCustomAuth(): UseLinkCustomAuthReturnType {
  return useHostCalls('useLinkCustomAuth', 'link', ({ client, track }) => ({
    linkCustomAccessToken: (token: string) => track(() => linkCustomAccessToken(client, { token })),
  }))
}
