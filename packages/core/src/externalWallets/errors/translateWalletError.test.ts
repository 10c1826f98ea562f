import { describe, expect, test } from 'vitest'
import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { translateWalletError } from './translateWalletError'
import { WalletConnectionError } from './WalletConnectionError'

const rpcError = (code: number, message = 'x') => Object.assign(new Error(message), { code })

describe('translateWalletError', () => {
  test('behavior: 4001 and ACTION_REJECTED are the user refusing', () => {
    expect(translateWalletError(rpcError(4001))).toBeInstanceOf(UserRejectedRequestError)
    expect(translateWalletError({ code: 'ACTION_REJECTED' })).toBeInstanceOf(UserRejectedRequestError)
  })

  test("behavior: 4900 → 'Wallet is not currently connected.'", () => {
    const error = translateWalletError(rpcError(4900, 'Disconnected'))
    expect(error).toBeInstanceOf(WalletConnectionError)
    expect(error.details).toBe('Wallet is not currently connected.')
  })

  test('behavior: 4200 names the method the wallet does not support', () => {
    expect(translateWalletError(rpcError(4200), 'personal_sign').details).toBe(
      'The wallet does not support personal_sign.',
    )
    expect(translateWalletError(rpcError(4200)).details).toBe('The wallet does not support this request.')
  })

  test("behavior: the wallet's message as is; without one, 'Unknown error during connection'", () => {
    expect(translateWalletError(new Error('Locked')).details).toBe('Locked')
    expect(translateWalletError('boom').details).toBe('Unknown error during connection')
    expect(translateWalletError(undefined).details).toBe('Unknown error during connection')
    expect(translateWalletError(new Error('')).details).toBe('Unknown error during connection')
  })
})
