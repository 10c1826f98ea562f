import type { FoyerChain } from '@foyer/core'
import { estimateTransaction, type SendTransactionPrompt } from '@foyer/core/wallet'
import { cleanup, within } from '@testing-library/react'
import {
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  erc1155Abi,
  type Hex,
  maxUint256,
  numberToHex,
  parseAbi,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../../scripts/devchain/startAnvil'
import { placeTestToken } from '../../../../../server/src/testing/bridge/testToken'
import { findDialog, renderWalletUi, testWallet } from '../../../../test/renderWallet'

// Under jsdom `import.meta.url` is not a file URL: name anvil's binary (the root's node_modules) first.
vi.hoisted(() => {
  process.env.ANVIL_PATH ??= `${process.cwd()}/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil`
})

// Each decoded action against calldata built with viem, through the real preview (`estimateTransaction`:
// decoding, the token's symbol and decimals read from anvil, the eth_call simulation;
// docs/confirmation-screen.md). A USDC with 6 decimals sits on anvil; the collection is an address without
// code (no decimals(): an NFT).
afterEach(cleanup)
let anvil: Anvil
let chain: FoyerChain
const USDC = '0x00000000000000000000000000000000005dc0c0'
const COLLECTION = '0x0000000000000000000000000000000000c011ec'
const SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const from = testWallet.address as `0x${string}`

beforeAll(async () => {
  anvil = await startAnvil()
  chain = {
    id: 31337,
    name: 'Anvil',
    rpcUrl: anvil.rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  }
  await placeTestToken(anvil.rpcUrl, { address: USDC, symbol: 'USDC', decimals: 6 })
}, 30_000)
afterAll(async () => {
  await anvil?.stop()
})

function callPrompt(
  to: `0x${string}`,
  data: Hex,
  options: { abi?: Parameters<typeof estimateTransaction>[0]['abi']; contractImage?: string } = {},
): SendTransactionPrompt {
  const request = { chainId: numberToHex(chain.id), to, data, from }
  return {
    kind: 'sendTransaction',
    wallet: testWallet,
    chain,
    request,
    ...(options.contractImage
      ? {
          uiOptions: {
            transactionInfo: { contractInfo: { imgUrl: options.contractImage, imgAltText: 'Pool' } },
          },
        }
      : {}),
    preview: () => estimateTransaction({ chain, from, request, abi: options.abi }),
    send: vi.fn(async () => `0x${'ab'.repeat(32)}` as const),
    waitForReceipt: vi.fn(),
  }
}

/** Opens the confirmation of `prompt`, waits for the preview, opens Details; returns the dialog and Details. */
async function open(prompt: SendTransactionPrompt) {
  const ui = await renderWalletUi()
  ui.prompt(prompt)
  const dialog = await findDialog('Review transaction')
  await within(dialog).findByText('Estimated fee')
  await within(dialog).findByText(/ETH$/, { selector: 'dd' }, { timeout: 10_000 })
  await vi.waitFor(() => expect(within(dialog).queryByText('Preparing transaction')).toBeNull(), {
    timeout: 10_000,
  })
  await ui.user.click(within(dialog).getByRole('button', { name: 'Details' }))
  const details = within(dialog).getByRole('button', { name: 'Details' }).parentElement as HTMLElement
  const row = (label: string) =>
    Array.from(dialog.querySelectorAll('dt')).find((dt) => dt.textContent === label)?.nextElementSibling
      ?.textContent
  return { dialog, details, row }
}

describe('SendTransaction: decoded calls', () => {
  test("behavior: approve 1 USDC shows Amount '1 USDC', the Spender and Action 'approve'", async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 1_000_000n] })
    const { dialog, row } = await open(callPrompt(USDC, data))
    expect(row('Amount')).toBe('1 USDC')
    expect(row('Spender')).toBe('0x3C44…93BC')
    expect(within(dialog).getAllByTitle(SPENDER).length).toBeGreaterThan(0)
    expect(row('To')).toBe('0x0000…c0c0')
    expect(row('Action')).toBe('approve')
    expect(within(dialog).queryByText(/error preparing/)).toBeNull()
  })

  test("behavior: an unlimited approve (max uint256) shows 'Maximum'", async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] })
    const { row } = await open(callPrompt(USDC, data))
    expect(row('Amount')).toBe('Maximum')
    expect(row('Token')).toBe('USDC')
    expect(row('Spender')).toBe('0x3C44…93BC')
  })

  test('behavior: an ERC-20 transfer shows the recipient as To and the amount in token units', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [RECIPIENT, 2_500_000n],
    })
    const { dialog, row } = await open(callPrompt(USDC, data))
    expect(row('Amount')).toBe('2.5 USDC')
    expect(row('To')).toBe('0x7099…79C8')
    // The wallet holds no USDC: the simulation reverts.
    await within(dialog).findByText(
      'There was an error preparing your transaction. Your transaction request will likely fail.',
    )
  })

  test('behavior: ERC-721 safeTransferFrom shows transferring from/to and the token id', async () => {
    const data = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'safeTransferFrom',
      args: [from, RECIPIENT, 42n],
    })
    const { row } = await open(callPrompt(COLLECTION, data))
    expect(row('Action')).toBe('safeTransferFrom')
    expect(row('Transferring from')).toBe('0xf39F…2266')
    expect(row('Transferring to')).toBe('0x7099…79C8')
    expect(row('Token ID')).toBe('42')
    expect(row('Amount')).toBe('0 ETH')
  })

  test('behavior: an ERC-1155 batch transfer shows its token ids and amounts', async () => {
    const data = encodeFunctionData({
      abi: erc1155Abi,
      functionName: 'safeBatchTransferFrom',
      args: [from, RECIPIENT, [1n, 2n, 3n], [10n, 20n, 30n], '0x'],
    })
    const { row } = await open(callPrompt(COLLECTION, data))
    expect(row('Action')).toBe('safeBatchTransferFrom')
    expect(row('Token IDs')).toBe('1, 2, 3')
    expect(row('Amounts')).toBe('10, 20, 30')
    expect(row('Transferring to')).toBe('0x7099…79C8')
  })

  test('behavior: setApprovalForAll(operator, true) is called out, with Operator and the approval flag', async () => {
    const data = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [SPENDER, true],
    })
    const { dialog, row } = await open(
      callPrompt(COLLECTION, data, { contractImage: 'https://img.test/pool.png' }),
    )
    expect(row('Operator')).toBe('0x3C44…93BC')
    expect(row('Approval for all')).toBe('Granted')
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'This approval lets the operator transfer every token you hold in this collection',
    )
    expect(within(dialog).getByAltText('Pool').getAttribute('src')).toBe('https://img.test/pool.png')
  })

  test('error: a contract image that is not an http(s) or data:image URL is not shown', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 1n] })
    const { dialog } = await open(callPrompt(USDC, data, { contractImage: 'javascript:alert(1)' }))
    expect(within(dialog).queryByAltText('Pool')).toBeNull()
  })

  test('behavior: setApprovalForAll(operator, false) is a revocation, not called out', async () => {
    const data = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [SPENDER, false],
    })
    const { dialog, row } = await open(callPrompt(COLLECTION, data))
    expect(row('Approval for all')).toBe('Revoked')
    expect(within(dialog).queryByText(/every token you hold/)).toBeNull()
  })

  test('behavior: extendedCalldataDecoding decodes a host ABI: its function name and arguments', async () => {
    const abi = parseAbi(['function register(string name, uint256 years)'])
    const data = encodeFunctionData({ abi, functionName: 'register', args: ['alice', 2n] })
    const without = await open(callPrompt(COLLECTION, data))
    expect(without.row('Action')).toBe('Contract call')
    cleanup()
    const { row } = await open(callPrompt(COLLECTION, data, { abi }))
    expect(row('Action')).toBe('register')
    expect(row('Arguments')).toBe('["alice","2"]')
  })
})
