import { WALLET_CONNECT_REDIRECT_CHECK_MS } from '../externalWalletLimits'

/** Options of {@link startRedirectLinkCheck}. */
export type RedirectLinkCheckOptions = {
  /** The wallet app's link (`walletAppLink`), read at each check: undefined while none is known. */
  link: () => string | undefined
  /** Opens the link (default: `location.assign`). */
  open: (link: string) => void
  /** Whether the page is visible (default: `document.visibilityState === 'visible'`). */
  isVisible?: (() => boolean) | undefined
  /** Check interval in ms; default {@link WALLET_CONNECT_REDIRECT_CHECK_MS} (500). */
  intervalMs?: number | undefined
}

/**
 * The redirect-link check of a WalletConnect request on a phone (docs/walletconnect.md "Redirect to the
 * wallet"): every 500 ms, while the request waits, checks whether a wallet app link is known and the page is
 * visible; the first time both hold, opens the link once, so the user lands in the wallet to approve. The
 * first check comes 500 ms after the request left, so that it reaches the relay before the browser is put in
 * the background. Call the returned function when the request settles.
 *
 * @returns stop: ends the checks
 * @example
 * const stop = startRedirectLinkCheck({ link: () => appLink, open: (url) => location.assign(url) })
 * try { return await provider.request(args) } finally { stop() }
 */
export function startRedirectLinkCheck(options: RedirectLinkCheckOptions): () => void {
  const isVisible =
    options.isVisible ?? (() => typeof document === 'undefined' || document.visibilityState === 'visible')
  const timer = setInterval(() => {
    const link = options.link()
    if (link === undefined || !isVisible()) return
    clearInterval(timer)
    options.open(link)
  }, options.intervalMs ?? WALLET_CONNECT_REDIRECT_CHECK_MS)
  return () => clearInterval(timer)
}
