import { lazyScreen, type PreloadableScreen } from '../../../modal/lazyScreen'
import type { ScreenDefinition } from '../../../modal/ScreenDefinition'
import type { ScreenProps } from '../../../modal/screenParams'

/**
 * The OAuth status screen's registry entry; its component preloads (`oauthStatusScreen.component.preload()`)
 * when the pointer nears an OAuth entry and on a redirect return, which opens the modal only once it is ready.
 */
export const oauthStatusScreen: ScreenDefinition<'oauthStatus'> & {
  component: PreloadableScreen<ScreenProps<'oauthStatus'>>
} = {
  component: lazyScreen(() => import('./OAuthStatus').then((m) => m.OAuthStatus)),
  title: (m) => m.oauth.verifying,
  closable: true,
}
