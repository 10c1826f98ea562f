import { openOAuthPopup } from '@foyer/core/oauth'
import type { OAuthProvider, User } from '@foyer/protocol'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { oauthBlockedInAppBrowser } from '../inAppBrowser/oauthBlockedInAppBrowser'
import { useTrackedCalls } from './useTrackedCalls'

/** What {@link useLinkOAuth} returns. */
export type UseLinkOAuthReturnType = {
  /**
   * Links the signed-in user's account at `provider` (docs/limits.md, docs/api.md): opens the provider's
   * popup at once (call it from a click handler) and the modal on the OAuth status screen, which finishes the
   * link and shows the docs/errors.md OAuth texts on failure ('You cannot authorize more than one account for
   * this user.', 'This account has already been linked to another user.' …). Resolves with the updated user;
   * rejects with `UserRejectedRequestError` (code `'user_rejected'`) when the user closes the modal, and with
   * an Error when nobody is signed in. In `config.oauth.mode: 'redirect'` the page leaves, and the link
   * finishes when it comes back.
   */
  linkOAuth(provider: OAuthProvider): Promise<User>
  /** Unlinks the account `subject` (its linked account's `subject`) at `provider`; resolves with the updated user. */
  unlinkOAuth(provider: OAuthProvider, subject: string): Promise<User>
  /** True while an unlink runs. */
  busy: boolean
  /**
   * The last failure of an unlink: its code and the documented text (docs/errors.md) (the error table's
   * `link` flow), or null.
   */
  error: { code: string; message: string } | null
}

/**
 * Links and unlinks OAuth accounts of the signed-in user (docs/modal.md "OAuth status", docs/limits.md,
 * docs/api.md); a thin hook over core `startOAuthFlow` / `linkOAuth` (through the modal) and `unlinkOAuth`.
 *
 * @throws Error 'useLinkOAuth must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { linkOAuth, unlinkOAuth } = useLinkOAuth()
 * <button onClick={() => linkOAuth('github').catch(() => {})}>Link GitHub</button>
 * <button onClick={() => unlinkOAuth('github', account.subject)}>Unlink GitHub</button>
 */
export function useLinkOAuth(): UseLinkOAuthReturnType {
  const { client, config, openFlow } = useFoyerContext('useLinkOAuth')
  const { track, busy, error } = useTrackedCalls('link')

  const link = useCallback(
    (provider: OAuthProvider) => {
      if (!client.getState().user)
        return Promise.reject(new Error('User must be authenticated before linking an account.'))
      // Synchronously, in the host's click: the popup opens with the user's activation.
      // No popup where the provider refuses this in-app browser: the status screen says so instead.
      const popup =
        (config?.oauth?.mode ?? 'popup') === 'popup' && !oauthBlockedInAppBrowser(provider)
          ? openOAuthPopup()
          : null
      return openFlow<User>((settle) => ({
        id: 'oauthStatus',
        params: { provider, action: 'link', popup, settle },
      }))
    },
    [client, config, openFlow],
  )
  const unlink = useCallback(
    (provider: OAuthProvider, subject: string) =>
      track(async () => {
        const { unlinkOAuth } = await import('../screens/login/OAuthStatus/oauthActions')
        return unlinkOAuth(client, { provider, subject })
      }),
    [client, track],
  )
  return useMemo(() => ({ linkOAuth: link, unlinkOAuth: unlink, busy, error }), [link, unlink, busy, error])
}
