import type { FoyerClient } from '@foyer/core'
import { handleOAuthReturn } from '@foyer/core/oauth'
import type { Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'
import { oauthStatusScreen } from '../screens/login/OAuthStatus/oauthStatusScreen'

/**
 * The OAuth page-load work of `useOAuthRedirectReturn` (its own chunk, loaded only on a page load whose URL
 * carries the `privy_oauth_*` parameters): `handleOAuthReturn` reads and removes them; in a popup it hands
 * the code to the opener and closes the popup. After a full-page redirect the modal opens on the OAuth
 * status screen ('Verifying', the provider's name and icon) as soon as that screen's code is loaded, without
 * waiting for the client to initialize: the screen waits for that before it exchanges the code
 * (docs/modal.md "OAuth status").
 * @returns whether the modal was opened (`false` in the popup of a popup flow)
 * @throws what `handleOAuthReturn` throws (e.g. a state that is not the stored one)
 */
export async function finishOAuthRedirectReturn(
  client: FoyerClient,
  show: (route: Route<ScreenParamsMap>) => void,
): Promise<boolean> {
  const screenReady = oauthStatusScreen.component.preload().catch(() => {})
  const found = await handleOAuthReturn(client)
  if (found.kind !== 'redirect') return false
  await screenReady
  show({
    id: 'oauthStatus',
    params: {
      provider: found.provider,
      action: found.action,
      returned: { authorizationCode: found.authorizationCode, stateCode: found.stateCode },
    },
  })
  return true
}
