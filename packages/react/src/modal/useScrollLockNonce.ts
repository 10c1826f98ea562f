import { setNonce } from 'get-nonce'
import { useInsertionEffect } from 'react'

/**
 * Gives the dialog's scroll lock the page's Content-Security-Policy nonce. Radix's dialog locks the page's
 * scroll with react-remove-scroll, whose `<style>` (in `<head>`, while the dialog is open) is made by
 * react-style-singleton; that library takes its nonce from get-nonce's `setNonce`, one value for the
 * page — which is what a CSP nonce is. Set in an insertion effect, so it is in place before any effect of
 * the dialog adds the style (see `docs/content-security-policy.md`). Without a nonce, nothing changes.
 *
 * @param nonce - the provider's `nonce` prop
 */
export function useScrollLockNonce(nonce: string | undefined): void {
  useInsertionEffect(() => {
    if (nonce) setNonce(nonce)
  }, [nonce])
}
