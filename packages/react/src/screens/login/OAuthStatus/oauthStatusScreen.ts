import { preloadableScreen } from '../../../modal/lazyScreen'

/**
 * The OAuth status screen's registry entry; its component preloads (`oauthStatusScreen.component.preload()`)
 * when the pointer nears an OAuth entry and on a redirect return, which opens the modal only once it is ready.
 */
export const oauthStatusScreen = preloadableScreen<'oauthStatus'>(
  () => import('./OAuthStatus').then((m) => m.OAuthStatus),
  {
    title: (m) => m.oauth.verifying,
    closable: true,
  },
)
