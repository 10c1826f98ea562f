import { preloadableScreen } from '../../../modal/lazyScreen'

/**
 * The wallet created screen's registry entry; the provider preloads its component
 * (`walletCreatedScreen.component.preload()`) before it shows the screen, so the modal never draws its
 * loading state between 'Success!' and it (docs/modal.md "Wallet creation").
 */
export const walletCreatedScreen = preloadableScreen<'walletCreated'>(
  () => import('./WalletCreated').then((m) => m.WalletCreated),
  { title: (m) => m.walletCreated.allSetTitle, closable: true },
)
