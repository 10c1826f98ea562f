import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Encoder } from '@solana/kit'
import type { Route } from 'playwright-core'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  verifyMessage,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { context, page, useBrowser } from './support/browserPage'
import { readWalletAddress } from './support/embeddedWallet'
import { revealExportedKey } from './support/revealExportedKey'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// Sign-in creates both wallets; a signature verifies with viem; a transaction lands on anvil (docs/modal.md).
useSharedStack()
useBrowser({ page: 'file', timeout: 20_000 })

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The demo's 'Send 0.001 SOL' recipient. */
const SOLANA_RECIPIENT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

/** The lamports of `address`, from the Solana JSON-RPC (`getBalance`). */
async function solanaBalance(address: string): Promise<number> {
  const response = await fetch(stack.chains.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  const { result } = (await response.json()) as { result: { value: number } }
  return Number(result.value)
}

describe('embedded wallet in Chromium against anvil', () => {
  let address: `0x${string}`

  test('default: signing in creates an Ethereum and a Solana wallet', async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail())
    address = await readWalletAddress(page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const solana = await page.getByTestId('solana-address').textContent({ timeout: 30_000 })
    expect(solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
    expect(user.linked_accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'wallet',
          address,
          chain_type: 'ethereum',
          wallet_client_type: 'privy',
          connector_type: 'embedded',
          recovery_method: 'privy',
          wallet_index: 0,
        }),
      ]),
    )
  })

  test('behavior: a signed message verifies with viem', async () => {
    const message = 'Hello from the Foyer demo'
    await page.getByRole('button', { name: 'Sign message', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign message' })
    await dialog.getByText(message).waitFor()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.waitFor({ state: 'detached' })
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })

  test('behavior: Send 0.01 ETH lands on anvil and moves the balances', async () => {
    const chains = stack.chains!
    const publicClient = createPublicClient({ transport: http(chains.anvil.rpcUrl) })
    await page.getByRole('button', { name: /Faucet/ }).click()
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('10')
    const before = await publicClient.getBalance({ address: RECIPIENT })

    await page.getByLabel('Recipient').fill(RECIPIENT)
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    const dialog = page.getByRole('dialog', { name: 'Review transaction' })
    await dialog.waitFor()
    await dialog.getByText('0.01 ETH').first().waitFor()
    await dialog.getByText('Anvil').waitFor()
    await dialog.getByText('Estimated fee').waitFor()
    await expect.poll(() => dialog.getByText('10 ETH').count()).toBeGreaterThan(0) // the balance
    await dialog.getByRole('button', { name: 'Details' }).click()
    await dialog.getByText('Est. Fees').waitFor()
    // Gas limit and max fee per gas only behind 'Advanced' (docs/modal.md).
    await dialog.getByRole('button', { name: 'Advanced' }).click()
    await dialog.getByText('Gas limit').waitFor()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    const success = page.getByRole('dialog', { name: 'Transaction complete!' })
    await success.waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await success.getByRole('button', { name: 'All Done' }).click()

    const hash = (await page.getByTestId('tx-hash').textContent()) as `0x${string}`
    const receipt = await publicClient.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await publicClient.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.01'))
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await publicClient.getBalance({ address })).toBe(parseEther('10') - parseEther('0.01') - fee)
  })

  test("error: a send the node refuses for its nonce ends on 'Nonce already used' with its code; nothing moves", async () => {
    const chains = stack.chains!
    const publicClient = createPublicClient({ transport: http(chains.anvil.rpcUrl) })
    const before = await publicClient.getBalance({ address })
    // The node refuses the signed transaction (as a real node does a nonce or fee it will not take).
    const refuse = async (route: Route) => {
      const body = route.request().postDataJSON() as { method?: string; id?: number } | undefined
      if (body?.method !== 'eth_sendRawTransaction') return route.continue()
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: body.id,
          error: { code: -32000, message: 'nonce too low' },
        }),
      })
    }
    await context.route(chains.anvil.rpcUrl, refuse)
    try {
      await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
      const review = page.getByRole('dialog', { name: 'Review transaction' })
      await review.getByRole('button', { name: 'Approve' }).click()
      // The node's 'nonce too low' is a used nonce: its own title and code (docs/transaction-errors.md).
      const failed = page.getByRole('dialog', { name: 'Nonce already used' })
      await failed.getByText('Please try again.').waitFor()
      await failed.getByText(/^Error code: nonce_expired/).waitFor()
      expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
      await page.keyboard.press('Escape')
      await failed.waitFor({ state: 'detached' })
    } finally {
      await context.unroute(chains.anvil.rpcUrl, refuse)
    }
    expect(await publicClient.getBalance({ address })).toBe(before)
  })

  test("error: a transaction replaced outside the UI (same nonce, higher fee) shows 'Transaction replaced' and keeps its hash", async () => {
    const chains = stack.chains!
    const publicClient = createPublicClient({ transport: http(chains.anvil.rpcUrl) })
    const anvil = createTestClient({ mode: 'anvil', transport: http(chains.anvil.rpcUrl) })
    const nonce = await publicClient.getTransactionCount({ address, blockTag: 'latest' })
    // Blocks only when the test mines one: the UI's transaction stays pending (the e2e files run one at a time).
    await anvil.setAutomine(false)
    try {
      await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
      const review = page.getByRole('dialog', { name: 'Review transaction' })
      await review.getByText('0.01 ETH').first().waitFor()
      await review.getByRole('button', { name: 'Approve' }).click()
      await expect
        .poll(() => publicClient.getTransactionCount({ address, blockTag: 'pending' }), { timeout: 20_000 })
        .toBe(nonce + 1)
      const pool = await anvil.getTxpoolContent()
      const pending = Object.entries(pool.pending).find(
        ([sender]) => sender.toLowerCase() === address.toLowerCase(),
      )?.[1]
      const original = pending?.[String(nonce)]
      expect(original?.hash).toMatch(/^0x[0-9a-f]{64}$/)
      // Let the modal's receipt wait read the pending transaction first (it polls every 250 ms).
      await new Promise((resolve) => setTimeout(resolve, 1500))
      // The same sender and nonce with a higher fee, sent outside the UI (a cancellation to itself).
      await anvil.impersonateAccount({ address })
      const replacement = await createWalletClient({ transport: http(chains.anvil.rpcUrl) }).sendTransaction({
        account: address,
        chain: null,
        to: address,
        value: 0n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: BigInt(original?.maxFeePerGas ?? '0x3b9aca00') * 3n,
        maxPriorityFeePerGas: BigInt(original?.maxPriorityFeePerGas ?? '0x3b9aca00') * 3n,
      })
      await anvil.mine({ blocks: 1 })
      const failed = page.getByRole('dialog', { name: 'Transaction replaced' })
      await failed.getByText(/^Error code: transaction_replaced/).waitFor({ timeout: 20_000 })
      expect(await failed.getByTestId('transaction-hash').textContent()).toBe(original?.hash)
      expect(replacement).not.toBe(original?.hash)
      expect((await publicClient.getTransactionReceipt({ hash: replacement })).status).toBe('success')
      await page.keyboard.press('Escape')
      await failed.waitFor({ state: 'detached' })
    } finally {
      await anvil.stopImpersonatingAccount({ address }).catch(() => {})
      await anvil.setAutomine(true)
    }
  })

  test('behavior: the export screen shows the key inside the export frame, never in the host page', async () => {
    await page.getByRole('button', { name: 'Export wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Transfer wallet' })
    await dialog.waitFor()
    const frame = dialog.locator('iframe').contentFrame()
    const key = await revealExportedKey(frame)
    expect(privateKeyToAccount(key).address).toBe(address)
    await frame.getByRole('button', { name: 'Reveal recovery phrase' }).click()
    expect(await frame.getByLabel('Recovery phrase').textContent()).toMatch(/^([a-z]+ ){11}[a-z]+$/)
    expect(await page.content()).not.toContain(key.slice(2))
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  test('behavior: the Solana wallet signs (ed25519) and sends 0.001 SOL over the litesvm RPC', async () => {
    // The chain is shared with the other files: the recipient's balance is compared with its own before.
    const recipientBefore = await solanaBalance(SOLANA_RECIPIENT)
    const solana = (await page.getByTestId('solana-address').textContent()) ?? ''
    const publicKey = new Uint8Array(getBase58Encoder().encode(solana))
    await page.getByRole('button', { name: 'Sign Solana message' }).click()
    const sign = page.getByRole('dialog', { name: 'Sign message' })
    await sign.getByText('Hello from the Foyer demo').waitFor()
    await sign.getByRole('button', { name: 'Approve' }).click()
    const hex = (await page.getByTestId('solana-signature').textContent()) ?? ''
    const signature = Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
    expect(ed25519.verify(signature, new TextEncoder().encode('Hello from the Foyer demo'), publicKey)).toBe(
      true,
    )

    await page.getByRole('button', { name: 'Airdrop 1 SOL' }).click()
    await expect.poll(() => page.getByTestId('solana-balance').textContent()).toBe('1000000000')
    await page.getByRole('button', { name: 'Send 0.001 SOL' }).click()
    const confirm = page.getByRole('dialog', { name: 'Approve transaction' })
    await confirm.getByText('0.001 SOL').first().waitFor()
    // A single instruction shows without a '1 of 1 instructions' pager.
    expect(await confirm.getByText('1 of 1 instructions').count()).toBe(0)
    await confirm.getByRole('button', { name: 'Approve' }).click()
    const success = page.getByRole('dialog', { name: 'Transaction complete!' })
    await success.getByText('Transaction completed successfully.').waitFor()
    await success.getByRole('button', { name: 'Close' }).first().click()
    await expect
      .poll(() => page.getByTestId('solana-balance').textContent())
      .toBe(String(1_000_000_000 - 1_000_000 - 5000))
    expect(await solanaBalance(SOLANA_RECIPIENT)).toBe(recipientBefore + 1_000_000)
  })

  test("error: a Solana transaction with a Memo instruction shows 'Unsupported Program ID' and cannot be approved", async () => {
    const solana = (await page.getByTestId('solana-address').textContent()) ?? ''
    const walletBefore = await solanaBalance(solana)
    await page.getByRole('button', { name: 'Send SOL with a memo' }).click()
    const confirm = page.getByRole('dialog', { name: 'Approve transaction' })
    await confirm.getByText('1 of 2 instructions').waitFor()
    await confirm
      .getByText('This transaction uses a program this wallet cannot confirm, so it cannot be approved.')
      .waitFor()
    const approve = confirm.getByRole('button', { name: 'Approve' })
    expect(await approve.isDisabled()).toBe(true)
    await confirm.getByRole('button', { name: 'Next instruction' }).click()
    await confirm.getByText('Unsupported Program ID').waitFor()
    // The program id short on one line, the full value on hover.
    const program = confirm.getByTitle('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
    expect(await program.textContent()).toBe('MemoSq…fcHr')
    // A forced click on the disabled button does nothing either.
    await approve.click({ force: true })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'detached' })
    expect(await page.getByTestId('solana-error').textContent()).toContain('Unsupported Program ID')
    // Nothing was signed or sent: the wallet's lamports are unchanged.
    expect(await solanaBalance(solana)).toBe(walletBefore)
  })
})
