import { openCenteredPopup } from '../oauth/oauthWindow'

/** A funding provider's popup as its opener uses it: sent to the provider's page, watched until closed. */
export type FundingPopupRef = {
  readonly closed: boolean
  close(): void
  location: { replace(url: string): void }
}

/**
 * Opens a blank popup for a funding provider's page: 440 × 680 px (docs/limits.md),
 * centred over the current window, named `'foyer-funding'`. Call it synchronously in a click (or right
 * after one) — browsers block popups opened later — then send it to the provider's URL once known.
 *
 * @returns the popup, or `null` when the browser blocked it (or outside a browser). Never throws.
 * @example
 * const popup = openFundingPopup()
 * if (!popup) showPopupBlocked()
 * else popup.location.replace(payUrl)
 */
export function openFundingPopup(): FundingPopupRef | null {
  return openCenteredPopup('foyer-funding')
}
