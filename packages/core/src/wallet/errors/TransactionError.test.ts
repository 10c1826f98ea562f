import { describe, expect, test } from 'vitest'
import { TransactionError, toTransactionError } from './TransactionError'
import { WalletProxyError } from './WalletProxyError'

describe('toTransactionError', () => {
  test.each([
    ['nonce too low', 'nonce_expired'],
    ['Nonce provided for the transaction is lower than the current nonce of the account.', 'nonce_expired'],
    ['already known', 'nonce_expired'],
    ['replacement transaction underpriced', 'replacement_underpriced'],
    ['An error occurred while executing: replacement transaction underpriced', 'replacement_underpriced'],
  ])("behavior: the frame's '%s' becomes %s", (message, code) => {
    const frame = new WalletProxyError(message, { code: 'error', rpcCode: -32603 })
    const translated = toTransactionError(frame)
    expect(translated).toBeInstanceOf(TransactionError)
    expect(translated).toMatchObject({ code, cause: frame, hash: undefined })
  })

  test('default: any other failure is returned as it is', () => {
    const short = new WalletProxyError('Wallet has insufficient funds for this transaction.', {
      code: 'insufficient_funds',
    })
    expect(toTransactionError(short)).toBe(short)
    expect(toTransactionError('text')).toBe('text')
  })
})
