import { preloadableScreen } from '../../../modal/lazyScreen'

/**
 * The code screen's registry entry, which the email and the SMS methods share; its component preloads
 * (`awaitingCodeScreen.component.preload()`) while the code is being sent.
 */
export const awaitingCodeScreen = preloadableScreen<'awaitingCode'>(
  () => import('./AwaitingCode').then((m) => m.AwaitingCode),
  {
    title: (m) => m.awaitingCode.title,
    closable: true,
  },
)
