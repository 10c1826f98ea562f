import { type SendTransactionPrompt, TransactionError } from '@foyer/core/wallet'
import { cleanup, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { anvil, findDialog, renderWalletUi } from '../../../../test/renderWallet'
import { testReceipt } from '../../../../test/testReceipt'
import { TEST_RECIPIENT, TEST_TX_HASH, testSendPrompt } from '../../../../test/testSendPrompt'

afterEach(cleanup)
// The modal loads its screens lazily: transform them once before the first test, so its 3 s wait for a
// dialog measures the screen, not a cold module load on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./TransactionError'), import('../SendTransaction/SendTransaction')])
}, 60_000)

const _to = TEST_RECIPIENT
const hash = TEST_TX_HASH
const replacement = `0x${'cd'.repeat(32)}` as const

/** A send of 1 wei at 1 wei per gas (total 21 001 wei) with `overrides`. */
function sendPrompt(overrides: Partial<SendTransactionPrompt> = {}): SendTransactionPrompt {
  return testSendPrompt(overrides, { value: 1n, feePerGas: 1n, balance: 10n ** 18n })
}

/** Opens the confirmation of `prompt`, approves, and returns the error dialog named `title`. */
async function approveUntil(prompt: SendTransactionPrompt, title: string) {
  const ui = await renderWalletUi()
  ui.prompt(prompt)
  const dialog = await findDialog('Review transaction')
  await within(dialog)
    .findByText('0.000000000000021001 ETH')
    .catch(() => undefined)
  await ui.user.click(within(dialog).getByRole('button', { name: 'Approve' }))
  return { failure: await findDialog(title), user: ui.user }
}

describe('TransactionError', () => {
  test("behavior: a replaced transaction is titled 'Transaction replaced' and keeps its hash; Retry drops the nonce", async () => {
    const send = sendPrompt({
      waitForReceipt: async () => {
        throw new TransactionError('transaction_replaced', { hash, replacement, reason: 'repriced' })
      },
    })
    const { failure, user } = await approveUntil(send, 'Transaction replaced')
    expect(within(failure).getByText(/Error code: transaction_replaced/)).toBeTruthy()
    expect(
      within(failure).getByText('The transaction was replaced by another with the same nonce.'),
    ).toBeTruthy()
    expect(within(failure).getByText(hash)).toBeTruthy()
    await user.click(within(failure).getByRole('button', { name: 'Retry transaction' }))
    const again = await findDialog('Review transaction')
    await user.click(within(again).getByRole('button', { name: 'Approve' }))
    await findDialog('Transaction replaced')
    expect(send.send).toHaveBeenLastCalledWith({ resetNonce: true })
  })

  test('behavior: a used nonce and an underpriced replacement have their own titles', async () => {
    const nonce = await approveUntil(
      sendPrompt({
        send: vi.fn(async () => {
          throw new TransactionError('nonce_expired')
        }),
      }),
      'Nonce already used',
    )
    expect(within(nonce.failure).getByText('The transaction nonce was already used.')).toBeTruthy()
    cleanup()
    await approveUntil(
      sendPrompt({
        send: vi.fn(async () => {
          throw new TransactionError('replacement_underpriced')
        }),
      }),
      'Replacement fee too low',
    )
  })

  test('error: a failure that is not one of those four drops the hash; Retry keeps the nonce', async () => {
    const send = sendPrompt({
      waitForReceipt: async () => {
        throw Object.assign(new Error('Timed out while waiting for transaction'), { code: 'unknown_error' })
      },
    })
    const { failure, user } = await approveUntil(send, 'Transaction failed')
    expect(within(failure).getByText('Timed out while waiting for transaction')).toBeTruthy()
    expect(within(failure).queryByText(hash)).toBeNull()
    expect(within(failure).queryByText('Transaction hash')).toBeNull()
    await user.click(within(failure).getByRole('button', { name: 'Retry transaction' }))
    const again = await findDialog('Review transaction')
    await user.click(within(again).getByRole('button', { name: 'Approve' }))
    await findDialog('Transaction failed')
    expect(send.send).toHaveBeenLastCalledWith({ resetNonce: false })
  })

  test("error: a short balance reads 'Wallet {short address} does not have enough funds.'", async () => {
    const { failure } = await approveUntil(
      sendPrompt({
        send: vi.fn(async () => {
          throw Object.assign(new Error('Wallet has insufficient funds for this transaction.'), {
            code: 'insufficient_funds',
          })
        }),
      }),
      'Insufficient funds',
    )
    expect(within(failure).getByText('Wallet 0xf39F…2266 does not have enough funds.')).toBeTruthy()
  })

  test("error: a refusal reads 'User rejected the request.'", async () => {
    const { failure } = await approveUntil(
      sendPrompt({
        send: vi.fn(async () => {
          throw Object.assign(new Error('The user rejected the request'), { code: 'user_rejected' })
        }),
      }),
      'Request rejected',
    )
    expect(within(failure).getByText('User rejected the request.')).toBeTruthy()
  })

  test("behavior: a well-known chain without the host's explorer links to its default one; a local chain to none", async () => {
    const reverted = async () => testReceipt(hash, { status: 'reverted' })
    const mainnet = { ...anvil, id: 1, name: 'Ethereum', blockExplorer: undefined }
    const known = await approveUntil(
      sendPrompt({ chain: mainnet, waitForReceipt: reverted }),
      'Transaction reverted',
    )
    expect(within(known.failure).getByRole('link', { name: 'View on Etherscan' }).getAttribute('href')).toBe(
      `https://etherscan.io/tx/${hash}`,
    )
    cleanup()
    const local = { ...anvil, blockExplorer: undefined }
    const unknown = await approveUntil(
      sendPrompt({ chain: local, waitForReceipt: reverted }),
      'Transaction reverted',
    )
    expect(within(unknown.failure).getByText(hash)).toBeTruthy()
    expect(within(unknown.failure).queryByRole('link')).toBeNull()
  })
})
