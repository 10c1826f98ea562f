import { preloadableScreen } from '../../modal/lazyScreen'

/** The error screen's registry entry; its component preloads (`errorScreen.component.preload()`). */
export const errorScreen = preloadableScreen<'error'>(
  () => import('./ErrorScreen').then((m) => m.ErrorScreen),
  {
    title: (m) => m.error.somethingWentWrong,
    closable: true,
  },
)
