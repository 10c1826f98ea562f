/**
 * `?coinbaseKeysUrl=` (else `VITE_COINBASE_WALLET_KEYS_URL`, the stand-in `npm run demo` starts): the Coinbase
 * Wallet popup the SDK opens (the stand-in of `@foyer/server/testing`); loopback `http:` addresses only, else
 * undefined (Coinbase's own popup).
 */
export const coinbaseKeysUrl = (() => {
  const value =
    new URLSearchParams(window.location.search).get('coinbaseKeysUrl') ??
    import.meta.env.VITE_COINBASE_WALLET_KEYS_URL
  if (!value || !URL.canParse(value)) return undefined
  const url = new URL(value)
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  return url.protocol === 'http:' && loopback ? url.href : undefined
})()
