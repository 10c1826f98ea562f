import type { Locator } from 'playwright-core'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { readWalletAddress } from './support/embeddedWallet'
import { revealExportedKey } from './support/revealExportedKey'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// Key import and additional HD wallets (docs/embedded-wallets.md), in Chromium through the demo's 'All
// wallets' panel: an imported key signs on anvil and exports without a phrase; indexes 1 and 2 are the
// BIP-44 accounts of the same mnemonic as index 0.
useSharedStack()
useBrowser({ page: 'file', timeout: 20_000 })

/** The demo's list entry of an embedded Ethereum wallet. */
const walletItem = (filter: { index: number; connector: 'embedded' | 'embedded_imported' }) =>
  page.locator(
    `[data-testid=embedded-wallet][data-chain=ethereum][data-index="${filter.index}"][data-connector=${filter.connector}]`,
  )
const addressOf = async (item: Locator) => (await item.locator('code').textContent({ timeout: 30_000 })) ?? ''

/** Opens the export of `address` from the panel and returns the frame's key and its phrase words, if shown. */
async function exportOf(address: string, withPhrase: boolean) {
  await page.getByRole('button', { name: `Export ${address}`, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Transfer wallet' })
  const frame = dialog.locator('iframe').contentFrame()
  const key = await revealExportedKey(frame)
  let words: string[] | null = null
  if (withPhrase) {
    await frame.getByRole('button', { name: 'Reveal recovery phrase' }).click()
    words = await frame.getByLabel('Recovery phrase').locator('li').allTextContents()
  } else expect(await frame.getByRole('button', { name: 'Reveal recovery phrase' }).count()).toBe(0)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await dialog.waitFor({ state: 'detached' })
  return { key, words }
}

describe('key import and HD wallets in Chromium', () => {
  test('default: an imported private key has its address, signs a transaction on anvil, and exports its key but no phrase; the second and third HD wallets are indexes 1 and 2 of the mnemonic; Solana adds index 1', async () => {
    const publicClient = createPublicClient({ transport: http(stack.chains.anvil.rpcUrl) })
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('import'))
    const first = await readWalletAddress(page)

    // Import: a fresh key with a balance on anvil; first a text that is no key, refused inside the frame.
    const key = generatePrivateKey()
    const imported = privateKeyToAccount(key).address
    await publicClient.request({
      method: 'anvil_setBalance' as never,
      params: [imported, `0x${parseEther('1').toString(16)}`] as never,
    })
    await page.getByRole('button', { name: 'Import Ethereum key' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import a wallet' })
    const frame = dialog.locator('iframe').contentFrame()
    await frame.getByLabel('Ethereum private key').fill('0x1234')
    await frame.getByRole('button', { name: 'Import' }).click()
    await frame.getByText('Not a valid Ethereum private key').waitFor()
    await frame.getByLabel('Ethereum private key').fill(key)
    await frame.getByRole('button', { name: 'Import' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 30_000 })
    expect(await addressOf(walletItem({ index: 0, connector: 'embedded_imported' }))).toBe(imported)
    // The key was typed into the frame's page only: the host page never held it.
    expect(await page.content()).not.toContain(key.slice(2))

    // It signs a transaction that lands on anvil, from its own address.
    await page.getByRole('button', { name: `Send 0.001 ETH from ${imported}`, exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Review transaction' })
      .getByRole('button', { name: 'Approve' })
      .click()
    const success = page.getByRole('dialog', { name: 'Transaction complete!' })
    await success.waitFor({ timeout: 30_000 })
    await success.getByRole('button', { name: 'All Done' }).click()
    const hash = (await page.getByTestId('all-wallets-hash').textContent()) as `0x${string}`
    const receipt = await publicClient.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(imported.toLowerCase())

    // Its export offers the key and no phrase.
    expect((await exportOf(imported, false)).key).toBe(key)

    // A second and a third HD wallet.
    await page.getByRole('button', { name: 'Add Ethereum wallet' }).click()
    const second = await addressOf(walletItem({ index: 1, connector: 'embedded' }))
    await page.getByRole('button', { name: 'Add Ethereum wallet' }).click()
    const third = await addressOf(walletItem({ index: 2, connector: 'embedded' }))
    expect(await page.getByTestId('all-wallets-error').count()).toBe(0)

    // viem's BIP-44 derivation of the exported mnemonic gives the same three addresses.
    const { words } = await exportOf(first, true)
    const mnemonic = (words ?? []).join(' ')
    expect(words).toHaveLength(12)
    expect([0, 1, 2].map((addressIndex) => mnemonicToAccount(mnemonic, { addressIndex }).address)).toEqual([
      first,
      second,
      third,
    ])
    // Each exports its own key (the export names its walletIndex).
    const thirdExport = await exportOf(third, true)
    expect(privateKeyToAccount(thirdExport.key).address).toBe(third)
    expect(thirdExport.words).toEqual(words)

    // Solana too: an additional wallet is listed at index 1 of useSolanaWallets().
    const solana = (index: number) =>
      page.locator(`[data-testid=embedded-wallet][data-chain=solana][data-index="${index}"]`).locator('code')
    const solanaFirst = await solana(0).textContent({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Add Solana wallet' }).click()
    const solanaSecond = await solana(1).textContent({ timeout: 30_000 })
    expect(solanaSecond).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(solanaSecond).not.toBe(solanaFirst)
  }, 180_000)
})
