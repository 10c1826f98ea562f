import { lazyScreen, type PreloadableScreen } from '../../../modal/lazyScreen'
import type { ScreenDefinition } from '../../../modal/ScreenDefinition'
import type { ScreenProps } from '../../../modal/screenParams'

/**
 * The code screen's registry entry, which the email and the SMS methods share; its component preloads
 * (`awaitingCodeScreen.component.preload()`) while the code is being sent.
 */
export const awaitingCodeScreen: ScreenDefinition<'awaitingCode'> & {
  component: PreloadableScreen<ScreenProps<'awaitingCode'>>
} = {
  component: lazyScreen(() => import('./AwaitingCode').then((m) => m.AwaitingCode)),
  title: (m) => m.awaitingCode.title,
  closable: true,
}
