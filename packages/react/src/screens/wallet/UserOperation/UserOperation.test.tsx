import { UserRejectedRequestError } from '@foyer/core'
import type {
  SendUserOperationPrompt,
  TransactionPreview,
  UserOperationPreview,
  UserOperationResult,
} from '@foyer/core/wallet'
import { cleanup, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { anvil, findDialog, renderWalletUi, testWallet } from '../../../../test/renderWallet'

afterEach(cleanup)

const smartWallet = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const
const first = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const usdc = '0x1111111111111111111111111111111111111111' as const
const payee = '0x2222222222222222222222222222222222222222' as const
const result: UserOperationResult = {
  userOperationHash: `0x${'11'.repeat(32)}`,
  transactionHash: `0x${'22'.repeat(32)}`,
  success: true,
}

/** A preview of two calls: 0.01 ETH to `first`, then an ERC-20 transfer of 5 USDC to `payee`. */
function preview(overrides: Partial<UserOperationPreview> = {}): UserOperationPreview {
  const sponsored = overrides.sponsored ?? true
  const fee = sponsored ? 0n : 300_000n * 2_000_000_000n
  const call = (extra: Partial<TransactionPreview>): TransactionPreview => ({
    chain: anvil,
    from: smartWallet,
    to: undefined,
    value: 0n,
    gas: 300_000n,
    feePerGas: 2_000_000_000n,
    l1Fee: 0n,
    fee,
    sponsored,
    total: 10n ** 16n + fee,
    balance: 10n ** 18n,
    insufficientFunds: false,
    prepareError: false,
    ...extra,
  })
  return {
    sponsored,
    gas: 300_000n,
    feePerGas: 2_000_000_000n,
    fee,
    value: 10n ** 16n,
    total: 10n ** 16n + fee,
    balance: 10n ** 18n,
    insufficientFunds: false,
    calls: [
      call({ to: first, value: 10n ** 16n }),
      call({
        to: usdc,
        action: {
          action: 'transfer',
          functionName: 'transfer',
          isErc20Ish: true,
          isNFTIsh: false,
          transferTo: payee,
          amount: 5_000_000n,
          args: [payee, 5_000_000n],
        },
        token: { symbol: 'USDC', decimals: 6 },
      }),
    ],
    ...overrides,
  }
}

function operationPrompt(overrides: Partial<SendUserOperationPrompt> = {}): SendUserOperationPrompt {
  return {
    kind: 'sendUserOperation',
    wallet: testWallet,
    smartWallet: { address: smartWallet, type: 'safe' },
    chain: anvil,
    calls: [
      { chainId: '0x7a69', to: first, value: '0x2386f26fc10000' },
      {
        chainId: '0x7a69',
        to: usdc,
        data: `0xa9059cbb${'00'.repeat(12)}${'22'.repeat(20)}${(5_000_000).toString(16).padStart(64, '0')}`,
      },
    ],
    preview: async () => preview(),
    send: vi.fn(async () => result),
    ...overrides,
  }
}

describe('UserOperation', () => {
  test("default: a sponsored batch, call by call '(n / m)' decoded as transactions; Approve sends once; success shows both hashes", async () => {
    const { prompt, user } = await renderWalletUi()
    const request = operationPrompt()
    const answer = prompt(request)

    const firstScreen = await findDialog('Review transaction (1 / 2)')
    await within(firstScreen).findByText('Sponsored')
    expect(within(firstScreen).getAllByText('0.01 ETH').length).toBeGreaterThan(0)
    expect(within(firstScreen).getAllByTitle(first).length).toBeGreaterThan(0)
    await user.click(within(firstScreen).getByRole('button', { name: 'Continue' }))
    expect(request.send).not.toHaveBeenCalled()

    const second = await findDialog('Review transaction (2 / 2)')
    // The ERC-20 transfer as the transaction confirmation shows it: the recipient and the token amount.
    expect(within(second).getByText('5 USDC')).toBeTruthy()
    expect(within(second).getAllByTitle(payee).length).toBeGreaterThan(0)
    expect(within(second).getByText('Sponsored')).toBeTruthy()
    await user.click(within(second).getByRole('button', { name: 'Approve' }))

    const success = await findDialog('Transaction complete!')
    expect(within(success).getByText('User operation hash')).toBeTruthy()
    expect(within(success).getByText(result.userOperationHash)).toBeTruthy()
    expect(within(success).getByText('Transaction hash')).toBeTruthy()
    expect(within(success).getByText(result.transactionHash)).toBeTruthy()
    expect(await answer).toEqual(result)
    expect(request.send).toHaveBeenCalledTimes(1)
  })

  test("behavior: not sponsored (the paymaster did not answer): the real fee, never 'Sponsored', and why", async () => {
    const { prompt } = await renderWalletUi()
    prompt(
      operationPrompt({
        calls: [{ chainId: '0x7a69', to: first, value: '0x2386f26fc10000' }],
        preview: async () =>
          preview({
            sponsored: false,
            paymasterError: 'fetch failed',
            calls: preview({ sponsored: false }).calls.slice(0, 1),
          }),
      }),
    )
    const dialog = await findDialog('Review transaction')
    // 300,000 gas × 2 gwei.
    await within(dialog).findByText('0.0006 ETH')
    expect(within(dialog).queryByText('Sponsored')).toBeNull()
    expect(
      within(dialog).getByText(
        'The paymaster did not sponsor this transaction: your smart wallet pays the fee.',
      ),
    ).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeTruthy()
  })

  test("behavior: an EIP-7702 account (the owner's own address) is listed once in Details", async () => {
    const { prompt, user } = await renderWalletUi()
    prompt(
      operationPrompt({
        smartWallet: { address: testWallet.address as `0x${string}`, type: 'simple_7702' },
        calls: [{ chainId: '0x7a69', to: first, value: '0x2386f26fc10000' }],
      }),
    )
    const dialog = await findDialog('Review transaction')
    await within(dialog).findByText('Sponsored')
    await user.click(within(dialog).getByRole('button', { name: 'Details' }))
    expect(within(dialog).getByText('Smart wallet')).toBeTruthy()
    expect(within(dialog).queryByText('Signed by')).toBeNull()
  })

  test('behavior: a preparation the bundler refuses shows its error, Approve stays disabled', async () => {
    const { prompt } = await renderWalletUi()
    prompt(operationPrompt({ preview: async () => Promise.reject(new Error('AA21 did not pay prefund')) }))
    const dialog = await findDialog('Review transaction (1 / 2)')
    await within(dialog).findByText('AA21 did not pay prefund')
    expect(within(dialog).queryByText('Sponsored')).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true)
  })

  test('behavior: a reverted operation is not a success; Cancel rejects with 4001', async () => {
    const { prompt, user } = await renderWalletUi()
    const request = operationPrompt({
      calls: [{ chainId: '0x7a69', to: first, value: '0x2386f26fc10000' }],
      preview: async () => preview({ calls: preview().calls.slice(0, 1) }),
      send: vi.fn(async () => ({ ...result, success: false })),
    })
    const answer = prompt(request)
    const dialog = await findDialog('Review transaction')
    await within(dialog).findByText('Sponsored')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    await within(dialog).findByText('The transaction reverted.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(answer).rejects.toBeInstanceOf(UserRejectedRequestError)
  })
})
