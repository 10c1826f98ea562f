import { describe, expect, test } from 'vitest'
import { isMoonpaySignatureValid, moonpaySignature, signMoonpayUrl } from './signMoonpayUrl'

// MoonPay's documented example URL and key; the expected signature computed independently with
// `printf '%s' '?apiKey=…' | openssl dgst -sha256 -hmac sk_test_key -binary | base64`.
const exampleUrl =
  'https://buy-sandbox.moonpay.com?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'
const exampleSignature = 'o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA='

describe('moonpaySignature', () => {
  test('default: the known vector (HMAC-SHA256 of the query string, base64)', () => {
    expect(moonpaySignature(exampleUrl, 'sk_test_key')).toBe(exampleSignature)
  })
})

describe('signMoonpayUrl', () => {
  test('default: appends the URL-encoded signature last', () => {
    expect(signMoonpayUrl(exampleUrl, 'sk_test_key')).toBe(
      `${exampleUrl}&signature=${encodeURIComponent(exampleSignature)}`,
    )
  })

  test('behavior: the signature checks out with the key and not with another', () => {
    const signed = signMoonpayUrl(exampleUrl, 'sk_test_key')
    expect(isMoonpaySignatureValid(signed, 'sk_test_key')).toBe(true)
    expect(isMoonpaySignatureValid(signed, 'sk_test_other')).toBe(false)
  })

  test('error: a changed query no longer matches its signature', () => {
    const signed = signMoonpayUrl(exampleUrl, 'sk_test_key')
    const tampered = signed.replace('0xde0b', '0xaaaa')
    expect(isMoonpaySignatureValid(tampered, 'sk_test_key')).toBe(false)
    expect(isMoonpaySignatureValid(exampleUrl, 'sk_test_key')).toBe(false)
  })
})
