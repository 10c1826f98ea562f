import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { readWalletAddress } from './support/embeddedWallet'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// The demo's wagmi panel (docs/wagmi.md): wagmi's own hooks on the embedded wallet through @foyer/wagmi.
useSharedStack()
useBrowser({ page: 'file', timeout: 20_000 })

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('wagmi on the embedded wallet in Chromium', () => {
  let address: `0x${string}`

  test("default: after an email sign-in, wagmi's useAccount is the embedded wallet", async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail())
    address = await readWalletAddress(page)
    await expect.poll(() => page.getByTestId('wagmi-address').inputValue(), { timeout: 30_000 }).toBe(address)
    expect(await page.getByTestId('wagmi-status').textContent()).toBe('connected')
  })

  test("behavior: wagmi's useSignMessage signs on the Foyer screen; viem verifies the signature", async () => {
    const message = 'Hello from wagmi'
    await page.getByRole('button', { name: 'Sign with wagmi' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign message' })
    await dialog.getByText(message).waitFor()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await dialog.waitFor({ state: 'detached' })
    const signature = (await page.getByTestId('wagmi-signature').textContent()) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })

  test("behavior: wagmi's useSendTransaction goes through the confirmation screen and lands on anvil", async () => {
    const publicClient = createPublicClient({ transport: http(stack.chains!.anvil.rpcUrl) })
    await page.getByRole('button', { name: /Faucet/ }).click()
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('10')
    const before = await publicClient.getBalance({ address: RECIPIENT })
    await page.getByRole('button', { name: 'Send with wagmi' }).click()
    const dialog = page.getByRole('dialog', { name: 'Review transaction' })
    await dialog.getByText('0.001 ETH').first().waitFor()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    const success = page.getByRole('dialog', { name: 'Transaction complete!' })
    await success.waitFor()
    await success.getByRole('button', { name: 'All Done' }).click()
    const hash = (await page
      .getByTestId('wagmi-transaction')
      .textContent({ timeout: 30_000 })) as `0x${string}`
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await publicClient.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.001'))
  })

  test('behavior: after a reload wagmi reconnects to the embedded wallet once the session is restored', async () => {
    await page.reload()
    await expect.poll(() => page.getByTestId('wagmi-address').inputValue(), { timeout: 30_000 }).toBe(address)
    expect(await page.getByTestId('wagmi-status').textContent()).toBe('connected')
  })

  test('behavior: after a logout wagmi is disconnected', async () => {
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('wagmi-status').textContent()).toBe('disconnected')
    expect(await page.getByTestId('wagmi-address').inputValue()).toBe('')
  })
})
