import { lazyScreen, type PreloadableScreen } from '../../modal/lazyScreen'
import type { ScreenDefinition } from '../../modal/ScreenDefinition'
import type { ScreenProps } from '../../modal/screenParams'

/**
 * The 'Success!' screen's registry entry; its component preloads (`successScreen.component.preload()`)
 * while a sign-in is verified, so 'Success!' follows the last digit with no loading frame.
 */
export const successScreen: ScreenDefinition<'success'> & {
  component: PreloadableScreen<ScreenProps<'success'>>
} = {
  component: lazyScreen(() => import('./Success').then((m) => m.Success)),
  title: (m) => m.success.title,
  closable: true,
}
