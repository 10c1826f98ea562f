import { preloadableScreen } from '../../modal/lazyScreen'

/**
 * The 'Success!' screen's registry entry; its component preloads (`successScreen.component.preload()`)
 * while a sign-in is verified, so 'Success!' follows the last digit with no loading frame.
 */
export const successScreen = preloadableScreen<'success'>(() => import('./Success').then((m) => m.Success), {
  title: (m) => m.success.title,
  closable: true,
})
