import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The signature of a MoonPay widget URL, as MoonPay documents it ("URL signing"): HMAC-SHA256 keyed with the
 * app's secret key (`sk_…`) over the URL's query string including its leading `?` (query values already
 * URL-encoded), in base64.
 *
 * @param url - the widget URL with its query (`https://buy.moonpay.com?apiKey=…&walletAddress=…`)
 * @param secretKey - the app's MoonPay secret key
 * @example moonpaySignature('https://buy-sandbox.moonpay.com?apiKey=pk_test_key', 'sk_test_key')
 */
export function moonpaySignature(url: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(new URL(url).search).digest('base64')
}

/**
 * `url` with its MoonPay signature appended as the last query parameter (`&signature=<url-encoded
 * base64>`), as the widget requires when the URL carries a wallet address or an email.
 *
 * @example signMoonpayUrl('https://buy.moonpay.com?apiKey=pk_live_x&walletAddress=0x…', secretKey)
 */
export function signMoonpayUrl(url: string, secretKey: string): string {
  return `${url}&signature=${encodeURIComponent(moonpaySignature(url, secretKey))}`
}

/**
 * Whether a signed widget URL's `signature` (its last parameter) matches the query before it, compared in
 * constant time (what MoonPay checks before the widget loads; the stand-in uses it).
 *
 * @example isMoonpaySignatureValid(signMoonpayUrl(url, key), key) // true
 */
export function isMoonpaySignatureValid(signedUrl: string, secretKey: string): boolean {
  const at = signedUrl.lastIndexOf('&signature=')
  if (at < 0) return false
  const given = Buffer.from(decodeURIComponent(signedUrl.slice(at + '&signature='.length)), 'base64')
  const expected = Buffer.from(moonpaySignature(signedUrl.slice(0, at), secretKey), 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
