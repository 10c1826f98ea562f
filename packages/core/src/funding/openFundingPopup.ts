import { OAUTH_POPUP_HEIGHT_PX, OAUTH_POPUP_WIDTH_PX } from '@foyer/protocol'
import { browserWindow } from '../oauth/oauthWindow'

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
  const win = browserWindow()
  if (!win) return null
  const left = Math.round(win.screenX + (win.outerWidth - OAUTH_POPUP_WIDTH_PX) / 2)
  const top = Math.round(win.screenY + (win.outerHeight - OAUTH_POPUP_HEIGHT_PX) / 2)
  const features = `popup=yes,width=${OAUTH_POPUP_WIDTH_PX},height=${OAUTH_POPUP_HEIGHT_PX},left=${left},top=${top}`
  try {
    return win.open('', 'foyer-funding', features)
  } catch {
    return null
  }
}
