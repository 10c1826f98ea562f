import type { SendSolanaTransactionPrompt } from '@foyer/core/wallet'
import { cleanup, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { findDialog, renderWalletUi, testWallet } from '../../../../test/renderWallet'

afterEach(cleanup)
// The modal loads its screens lazily: transform them once before the first test, so its 3 s wait for a
// dialog measures the screen, not a cold module load on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./SolanaTransaction'), import('../TransactionSuccess/TransactionSuccess')])
}, 60_000)

const from = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const to = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

function solanaPrompt(overrides: Partial<SendSolanaTransactionPrompt> = {}): SendSolanaTransactionPrompt {
  return {
    kind: 'sendSolanaTransaction',
    wallet: { ...testWallet, chainType: 'solana', address: from, entropyId: from },
    mode: 'signAndSend',
    cluster: { name: 'localnet', rpcUrl: 'http://127.0.0.1:8899' },
    summary: {
      feePayer: from,
      signers: [from],
      instructions: [
        { action: 'transfer', from, to, amount: 1_500_000_000n },
        { action: 'transfer', from, to, amount: 5000n },
        { action: 'unknown', programId: MEMO, allowed: true },
      ],
      fee: 5000n,
      priorityFee: 0n,
      total: 1_500_010_000n,
      spender: undefined,
      unsupportedPrograms: [],
    },
    balance: async () => 2_000_000_000n,
    execute: vi.fn(async () => 'signature58'),
    ...overrides,
  }
}

/** `solanaPrompt()` with `changes` to its transaction summary. */
function solanaPromptWithSummary(
  changes: Partial<SendSolanaTransactionPrompt['summary']>,
): SendSolanaTransactionPrompt {
  return solanaPrompt({ summary: { ...solanaPrompt().summary, ...changes } })
}

describe('SolanaTransaction', () => {
  test("default: Total, Fees and balance in SOL, the 'k of n instructions' pager, Approve → success", async () => {
    const { prompt, user } = await renderWalletUi()
    const result = prompt(solanaPrompt())
    const dialog = await findDialog('Approve transaction')
    expect(within(dialog).getByText('1.50001 SOL')).toBeTruthy()
    expect(within(dialog).getAllByText('<0.001 SOL').length).toBeGreaterThan(0)
    await within(dialog).findByText('2 SOL')
    expect(within(dialog).getByText('1 of 3 instructions')).toBeTruthy()
    expect(within(dialog).getByText('1.5 SOL')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Next instruction' }))
    expect(within(dialog).getByText('2 of 3 instructions')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Next instruction' }))
    // The host opted in to this program: shown, not refused.
    expect(within(dialog).getByText('Program instruction')).toBeTruthy()
    expect(within(dialog).queryByText('Unsupported Program ID')).toBeNull()
    // The program id short on one line (never wrapped mid-string), the full value on hover.
    expect(within(dialog).getByTitle(MEMO).textContent).toBe('MemoSq…fcHr')
    expect(within(dialog).queryByText(MEMO)).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Next instruction' }).hasAttribute('disabled')).toBe(
      true,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    const success = await findDialog('Transaction complete!')
    expect(within(success).getByText('Transaction completed successfully.')).toBeTruthy()
    expect(await result).toBe('signature58')
  })

  test("behavior: a single instruction shows no '1 of 1 instructions' pager", async () => {
    const { prompt } = await renderWalletUi()
    prompt(
      solanaPromptWithSummary({
        instructions: [{ action: 'transfer', from, to, amount: 1_500_000_000n }],
      }),
    )
    const dialog = await findDialog('Approve transaction')
    expect(within(dialog).getByText('1.5 SOL')).toBeTruthy()
    expect(within(dialog).queryByText(/instructions/)).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Next instruction' })).toBeNull()
  })

  test("error: 'Solana wallet has insufficient funds for this transaction.' and Approve disabled", async () => {
    const { prompt } = await renderWalletUi()
    prompt(solanaPrompt({ balance: async () => 1000n }))
    const dialog = await findDialog('Approve transaction')
    await within(dialog).findByText('Solana wallet has insufficient funds for this transaction.')
    expect(within(dialog).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true)
  })

  test("error: an unsupported program shows 'Unsupported Program ID', Approve disabled, Cancel rejects", async () => {
    const { prompt, user } = await renderWalletUi()
    const base = solanaPrompt()
    const execute = vi.fn(async () => 'never')
    const result = prompt(
      solanaPrompt({
        execute,
        summary: {
          ...base.summary,
          instructions: [{ action: 'unknown', programId: MEMO, allowed: false }],
          unsupportedPrograms: [MEMO],
        },
      }),
    )
    result.catch(() => {})
    const dialog = await findDialog('Approve transaction')
    expect(within(dialog).getByText('Unsupported Program ID')).toBeTruthy()
    expect(within(dialog).getByTitle(MEMO).textContent).toBe('MemoSq…fcHr')
    expect(
      within(dialog).getByText(
        'This transaction uses a program this wallet cannot confirm, so it cannot be approved.',
      ),
    ).toBeTruthy()
    await within(dialog).findByText('2 SOL')
    const approve = within(dialog).getByRole('button', { name: 'Approve' })
    expect(approve.hasAttribute('disabled')).toBe(true)
    await user.click(approve)
    expect(execute).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(result).rejects.toThrow()
  })

  test("behavior: an unlimited token approval shows 'Maximum' under the 'Confirm address' title", async () => {
    const { prompt } = await renderWalletUi()
    prompt(
      solanaPromptWithSummary({
        instructions: [{ action: 'approve', source: to, spender: MEMO, owner: from, amount: 2n ** 64n - 1n }],
        total: 5000n,
        spender: MEMO,
      }),
    )
    const dialog = await findDialog('Confirm address')
    expect(within(dialog).getByText('Maximum')).toBeTruthy()
    expect(within(dialog).getByText('Spender')).toBeTruthy()
  })

  test('behavior: a limited ApproveChecked shows the amount in token units', async () => {
    const { prompt } = await renderWalletUi()
    prompt(
      solanaPromptWithSummary({
        instructions: [
          { action: 'approve', source: to, spender: MEMO, owner: from, amount: 1_500_000n, decimals: 6 },
        ],
        total: 5000n,
      }),
    )
    const dialog = await findDialog('Confirm address')
    expect(within(dialog).getByText('1.5')).toBeTruthy()
    expect(within(dialog).queryByText('Maximum')).toBeNull()
  })

  test("behavior: the cluster's fee with its 'Priority fee' part", async () => {
    const { prompt } = await renderWalletUi()
    prompt(
      solanaPromptWithSummary({
        instructions: [{ action: 'transfer', from, to, amount: 1_000_000n }],
        fee: 2_005_000n,
        priorityFee: 2_000_000n,
        total: 3_005_000n,
      }),
    )
    const dialog = await findDialog('Approve transaction')
    expect(within(dialog).getByText('Priority fee')).toBeTruthy()
    expect(within(dialog).getByText('0.002005 SOL')).toBeTruthy()
    expect(within(dialog).getByText('0.002 SOL')).toBeTruthy()
  })

  test('behavior: a transaction sent on devnet links to Solana Explorer; a local cluster has no link', async () => {
    const { prompt, user } = await renderWalletUi()
    prompt(solanaPrompt({ cluster: { name: 'devnet', rpcUrl: 'http://127.0.0.1:8899' } }))
    const dialog = await findDialog('Approve transaction')
    await within(dialog).findByText('2 SOL')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    const success = await findDialog('Transaction complete!')
    expect(within(success).getByRole('link', { name: 'View on Solana Explorer' }).getAttribute('href')).toBe(
      'https://explorer.solana.com/tx/signature58?cluster=devnet',
    )
  })
})
