import { describe, expect, it } from 'vitest'
import { isErrorCode } from './errorCodes'
import { serverErrorMessage, serverErrors } from './serverErrors'

describe('serverErrors', () => {
  it('default: every entry has a wire code and a non-empty message', () => {
    for (const [key, entry] of Object.entries(serverErrors)) {
      expect(isErrorCode(entry.code), key).toBe(true)
      expect(typeof entry.message === 'string' ? entry.message : 'function', key).not.toBe('')
    }
  })

  it('behavior: a message with variable parts is built from its parameters', () => {
    expect(serverErrorMessage('unknownOAuthProvider', { provider: 'myspace' })).toBe(
      'Unknown OAuth provider myspace',
    )
    expect(serverErrorMessage('walletIndexNotNext', { nextIndex: 3 })).toBe(
      'Only the next wallet index (3) can be added',
    )
    expect(serverErrorMessage('tokenPriceUnavailable', { chainId: 0, symbol: 'SOL' })).toBe(
      'Unable to fetch SOL price',
    )
    expect(serverErrorMessage('tokenPriceUnsupported', { chainId: 8453, symbol: 'DEGEN' })).toBe(
      'Unable to fetch token price on chain id 8453',
    )
  })

  it('edge: a wrong key or missing parameters do not compile', () => {
    // Type checks only (`npm run typecheck`): never called.
    const wrongCalls = () => [
      // @ts-expect-error: not a key of the catalogue
      serverErrorMessage('noSuchError'),
      // @ts-expect-error: the message needs its `provider`
      serverErrorMessage('unknownOAuthProvider'),
      // @ts-expect-error: a fixed message takes no parameters
      serverErrorMessage('appNotFound', { provider: 'x' }),
    ]
    expect(wrongCalls).toBeTypeOf('function')
  })

  it('behavior: a fixed message is returned as is', () => {
    expect(serverErrorMessage('invalidVerificationCode')).toBe('Invalid or expired verification code')
    expect(serverErrorMessage('missingAppIdHeader')).toBe('Missing or invalid privy-app-id header')
  })

  it('behavior: a key is unique to its (code, message) pair, so a message names one check', () => {
    const fixed = Object.values(serverErrors)
      .filter((entry) => typeof entry.message === 'string')
      .map((entry) => `${entry.code} ${entry.message}`)
    expect(new Set(fixed).size).toBe(fixed.length)
  })
})
