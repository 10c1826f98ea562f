import type { SendTransactionPrompt, TransactionPreview } from '@foyer/core/wallet'
import { numberToHex } from 'viem'
import { vi } from 'vitest'
import { anvil, testWallet } from './renderWallet'
import { testReceipt } from './testReceipt'

/** The recipient of the test sends: anvil's second dev account. */
export const TEST_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The hash the test sends answer. */
export const TEST_TX_HASH = `0x${'ab'.repeat(32)}` as const

/**
 * A confirmation preview of the test wallet sending `value` wei (default 0.01 ETH) to {@link TEST_RECIPIENT}
 * on anvil: 21 000 gas at `feePerGas` (default 2 gwei), no L1 fee, a 10 ETH balance; `fee` is gas × fee per
 * gas and `total` value + fee unless `overrides` set them.
 */
export function testTransactionPreview(overrides: Partial<TransactionPreview> = {}): TransactionPreview {
  const value = overrides.value ?? 10n ** 16n
  const gas = overrides.gas ?? 21_000n
  const feePerGas = overrides.feePerGas ?? 2_000_000_000n
  const fee = overrides.fee ?? gas * feePerGas
  return {
    chain: anvil,
    from: testWallet.address as `0x${string}`,
    to: TEST_RECIPIENT,
    value,
    gas,
    feePerGas,
    l1Fee: 0n,
    fee,
    sponsored: false,
    total: value + fee,
    balance: 10n * 10n ** 18n,
    insufficientFunds: false,
    prepareError: false,
    ...overrides,
  }
}

/**
 * A `sendTransaction` prompt of the test wallet on anvil: the request for the preview's recipient and value,
 * its preview `testTransactionPreview(preview)`, a send that answers {@link TEST_TX_HASH} and a mined
 * receipt; `overrides` on top.
 */
export function testSendPrompt(
  overrides: Partial<SendTransactionPrompt> = {},
  preview: Partial<TransactionPreview> = {},
): SendTransactionPrompt {
  const previewed = testTransactionPreview(preview)
  return {
    kind: 'sendTransaction',
    wallet: testWallet,
    chain: anvil,
    request: { chainId: '0x7a69', to: previewed.to as `0x${string}`, value: numberToHex(previewed.value) },
    preview: async () => previewed,
    send: vi.fn(async () => TEST_TX_HASH),
    waitForReceipt: async () => testReceipt(TEST_TX_HASH),
    ...overrides,
  }
}
