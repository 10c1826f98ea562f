// Preloading: starts loading a lazy screen's chunk before the modal navigates to it. Its own module, apart
// from the registry (`screens.ts`), because the landing calls it and the registry imports the landing.
// The paths are the registry's, so a preloaded chunk is the one the registry's `lazy` later renders; the
// screens defined with `lazyScreen` preload through their registry entry, and render at once once loaded.

import { errorScreen } from '../screens/Error/errorScreen'
import { awaitingCodeScreen } from '../screens/login/AwaitingCode/awaitingCodeScreen'
import { oauthStatusScreen } from '../screens/login/OAuthStatus/oauthStatusScreen'
import { successScreen } from '../screens/Success/successScreen'

/** Preloads the OAuth status screen (when the pointer nears an OAuth button). */
export function preloadOAuthScreens(): void {
  oauthStatusScreen.component.preload().catch(() => {}) // a failed chunk fails again, visibly, when rendered
}

/** Preloads the awaiting-Farcaster screen (when the pointer nears the Farcaster entry). */
export function preloadFarcasterScreens(): void {
  void import('../screens/login/AwaitingFarcaster/AwaitingFarcaster')
}

/** Preloads the Telegram screen (when the pointer nears the Telegram entry, or on a redirect return). */
export function preloadTelegramScreen(): void {
  void import('../screens/login/Telegram/Telegram')
}

/**
 * Preloads the lazily loaded screens of the email and SMS flows: the code screen, the error screen and the
 * success screen (called when the email or phone field takes focus, so the code screen is ready when the
 * code is sent).
 */
export function preloadEmailScreens(): void {
  for (const screen of [awaitingCodeScreen, errorScreen, successScreen])
    screen.component.preload().catch(() => {}) // a failed chunk fails again, visibly, when rendered
}

/** Preloads the signing screens (message, typed data, transaction) after a user with a wallet signs in. */
export function preloadWalletScreens(): void {
  void import('../screens/wallet/SignRequest/SignRequest')
  void import('../screens/wallet/SendTransaction/SendTransaction')
}
