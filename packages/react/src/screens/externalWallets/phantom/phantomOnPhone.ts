import { isMobileUserAgent } from '@foyer/core/external-wallets'
import { currentUserAgent } from '../../../inAppBrowser/detectInAppBrowser'

/** Phantom's download page (the install guide's link). */
export const PHANTOM_DOWNLOAD_URL = 'https://phantom.com/download'

/**
 * Whether the wallet list offers Phantom through its universal links (docs/external-wallets.md "Phantom on a
 * phone"): a phone (`isMobileUserAgent`), signing in with Solana wallets on, and no Phantom found in the
 * browser (Phantom's own in-app browser injects it, and is then listed as any detected wallet).
 */
export function offersPhantomLink(parameters: {
  signingIn: boolean
  solana: boolean
  searched: boolean
  walletClientTypes: readonly string[]
}): boolean {
  if (!parameters.signingIn || !parameters.solana || !parameters.searched) return false
  if (parameters.walletClientTypes.includes('phantom')) return false
  const touchPoints = typeof navigator === 'undefined' ? 0 : (navigator.maxTouchPoints ?? 0)
  return isMobileUserAgent(currentUserAgent(), touchPoints)
}

/** Sends the page to a Phantom universal link (the app opens; Phantom later sends the user back). */
export function openPhantomLink(link: string): void {
  window.location.assign(link)
}
