import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { findDialog, renderWalletUi } from '../../../../test/renderWallet'
import { testReceipt } from '../../../../test/testReceipt'
import {
  TEST_RECIPIENT,
  TEST_TX_HASH,
  testSendPrompt,
  testTransactionPreview,
} from '../../../../test/testSendPrompt'

afterEach(cleanup)

const to = TEST_RECIPIENT
const hash = TEST_TX_HASH

describe('SendTransaction', () => {
  test("default: To, Amount, Network, Estimated fee, Total, balance, Details; Approve → 'Transaction complete!'", async () => {
    const { prompt, user } = await renderWalletUi()
    const send = testSendPrompt()
    const result = prompt(send)
    const dialog = await findDialog('Review transaction')
    await within(dialog).findByText('0.010042 ETH')
    for (const text of [
      'To',
      'Amount',
      'Network',
      'Estimated fee',
      'Total',
      'Balance',
      // The recipient short on one line, its full address on hover.
      '0x7099…79C8',
      '0.01 ETH',
      'Anvil',
      '0.000042 ETH',
      '10 ETH',
    ]) {
      expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0)
    }
    expect(within(dialog).getAllByTitle(to).length).toBeGreaterThan(0)
    await user.click(within(dialog).getByRole('button', { name: 'Details' }))
    const details = within(dialog).getByRole('button', { name: 'Details' }).parentElement as HTMLElement
    const labels = () => Array.from(details.querySelectorAll('dt'), (dt) => dt.textContent)
    expect(labels()).toEqual(['From', 'To', 'Action', 'Est. Fees', 'Total (including fees)'])
    expect(within(details).queryByText('21,000')).toBeNull()
    await user.click(within(details).getByRole('button', { name: 'Advanced' }))
    expect(labels()).toEqual([
      'From',
      'To',
      'Action',
      'Est. Fees',
      'Total (including fees)',
      'Gas limit',
      'Max fee per gas',
    ])
    expect(within(details).getByText('21,000')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    const success = await findDialog('Transaction complete!')
    expect(within(success).getByText("You're all set.")).toBeTruthy()
    expect(within(success).getByRole('link', { name: 'View on Anvilscan' }).getAttribute('href')).toBe(
      `https://explorer.test/tx/${hash}`,
    )
    expect(await result).toBe(hash)
    expect(send.send).toHaveBeenCalledWith({ resetNonce: false })
  })

  test("behavior: 'Sponsored', custom texts, and '(n / m)' with 'Continue' when more follow", async () => {
    const { prompt } = await renderWalletUi()
    prompt(
      testSendPrompt({
        step: { index: 1, count: 2 },
        uiOptions: { title: 'Mint', description: 'Mint one token' },
        preview: async () => testTransactionPreview({ sponsored: true, fee: 0n, total: 10n ** 16n }),
      }),
    )
    const dialog = await findDialog('Mint (1 / 2)')
    await within(dialog).findByText('Sponsored')
    expect(within(dialog).getByText('Mint one token')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeTruthy()
  })

  test("error: a short balance shows 'Wallet has insufficient funds for this transaction.' and the Add funds hint", async () => {
    const { prompt } = await renderWalletUi()
    prompt(
      testSendPrompt({
        preview: async () => testTransactionPreview({ balance: 0n, insufficientFunds: true }),
      }),
    )
    const dialog = await findDialog('Review transaction')
    await within(dialog).findByText('Wallet has insufficient funds for this transaction.')
    expect(within(dialog).getByText(/Add funds on Anvil to complete transaction\./)).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true)
  })

  test("error: a failed send shows the code and message; 'Retry transaction' keeps the nonce without a hash", async () => {
    const { prompt, user } = await renderWalletUi()
    let attempts = 0
    const send = testSendPrompt({
      send: vi.fn(async () => {
        attempts += 1
        if (attempts === 1) {
          throw Object.assign(new Error('nonce too low'), { code: 'error', shortMessage: 'nonce too low' })
        }
        return hash
      }),
    })
    const result = prompt(send)
    const dialog = await findDialog('Review transaction')
    await within(dialog).findByText('0.010042 ETH')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    const failure = await findDialog('Transaction failed')
    expect(within(failure).getByText(/Error code: error/)).toBeTruthy()
    expect(within(failure).getByText('nonce too low')).toBeTruthy()
    await user.click(within(failure).getByRole('button', { name: 'Retry transaction' }))
    const again = await findDialog('Review transaction')
    await within(again).findByText('0.010042 ETH')
    await user.click(within(again).getByRole('button', { name: 'Approve' }))
    await findDialog('Transaction complete!')
    expect(await result).toBe(hash)
    expect(send.send).toHaveBeenNthCalledWith(2, { resetNonce: false })
  })

  test('error: a reverted receipt keeps the hash (copyable, explorer link); the retry drops the nonce', async () => {
    const { prompt, user } = await renderWalletUi()
    const send = testSendPrompt({
      waitForReceipt: async () => testReceipt(hash, { status: 'reverted' }),
    })
    prompt(send)
    const dialog = await findDialog('Review transaction')
    await within(dialog).findByText('0.010042 ETH')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    const failure = await findDialog('Transaction reverted')
    expect(within(failure).getByText(hash)).toBeTruthy()
    expect(within(failure).getByRole('button', { name: 'Copy' })).toBeTruthy()
    expect(within(failure).getByRole('link', { name: 'View on Anvilscan' })).toBeTruthy()
    await user.click(within(failure).getByRole('button', { name: 'Retry transaction' }))
    await findDialog('Review transaction')
    await user.click(await screen.findByRole('button', { name: 'Approve' }))
    await findDialog('Transaction reverted')
    expect(send.send).toHaveBeenLastCalledWith({ resetNonce: true })
  })
})
