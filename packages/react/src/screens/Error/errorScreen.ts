import { lazyScreen, type PreloadableScreen } from '../../modal/lazyScreen'
import type { ScreenDefinition } from '../../modal/ScreenDefinition'
import type { ScreenProps } from '../../modal/screenParams'

/** The error screen's registry entry; its component preloads (`errorScreen.component.preload()`). */
export const errorScreen: ScreenDefinition<'error'> & {
  component: PreloadableScreen<ScreenProps<'error'>>
} = {
  component: lazyScreen(() => import('./ErrorScreen').then((m) => m.ErrorScreen)),
  title: (m) => m.error.somethingWentWrong,
  closable: true,
}
