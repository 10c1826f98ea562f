import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder } from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { page } from './support/browserPage'
import type { TestWalletKeys } from './support/externalWallets/testWalletsInitScript'
import { chooseWallet, usersMe, useTestWallets } from './support/externalWallets/walletSignIn'
import { stack } from './support/sharedStack'
import { openDemo } from './support/signInWithEmail'

const keys: TestWalletKeys = {
  // Test-only keys (anvil's well-known account #1; a fixed ed25519 seed).
  ethereumPrivateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  solanaSeedHex: '11'.repeat(32),
  chainId: 31337,
}
const ethereumAddress = privateKeyToAccount(keys.ethereumPrivateKey).address
const solanaAddress = getBase58Decoder().decode(ed25519.getPublicKey(Buffer.from(keys.solanaSeedHex, 'hex')))

useTestWallets(keys)

describe('external wallets', () => {
  test('default: an EIP-6963 wallet signs in with SIWE; users/me shows the wallet account', async () => {
    await openDemo(page, stack.demoUrl)
    // The user has not signed yet: the modal waits for the wallet's signature.
    await page.evaluate(() => {
      window.__testWalletControl.holdEthereumSign = true
    })
    const dialog = await chooseWallet(/Foyer Test Wallet/)
    await dialog.getByRole('heading', { name: 'Sign to verify' }).waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await page.evaluate(() => window.__testWalletControl.release())
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    const me = await usersMe()
    expect(me.linked_accounts).toContainEqual(
      expect.objectContaining({
        type: 'wallet',
        address: ethereumAddress,
        chain_type: 'ethereum',
        chain_id: 'eip155:31337',
        wallet_client: 'unknown',
        connector_type: 'injected',
        wallet_client_type: 'foyer_test_wallet',
      }),
    )
    // The demo lists the linked wallet and the connection history.
    await expect.poll(() => page.getByTestId('external-wallets').textContent()).toContain(ethereumAddress)
    await expect.poll(() => page.getByTestId('wallet-history').textContent()).toContain(ethereumAddress)
    const requests = await page.evaluate(() => window.__testWalletControl.requests)
    expect(requests).toEqual(expect.arrayContaining(['eth_requestAccounts', 'eth_chainId', 'personal_sign']))
  })

  test('default: a wallet-standard Solana wallet signs in with SIWS', async () => {
    await openDemo(page, stack.demoUrl)
    const dialog = await chooseWallet(/Foyer Test Solana/)
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    const me = await usersMe()
    const account = me.linked_accounts.find(
      (entry) => entry.type === 'wallet' && entry.chain_type === 'solana',
    )
    expect(account).toMatchObject({
      address: solanaAddress,
      connector_type: 'wallet_standard',
      wallet_client_type: 'foyer_test_solana',
    })
    expect(account?.chain_id).toBeUndefined()
    const requests = await page.evaluate(() => window.__testWalletControl.requests)
    expect(requests).toEqual(expect.arrayContaining(['standard:connect', 'solana:signIn']))
  })

  test('error: a rejected signature shows the error and the retry signs in', async () => {
    await openDemo(page, stack.demoUrl)
    await page.evaluate(() => {
      window.__testWalletControl.rejectNextEthereumSign = true
    })
    const dialog = await chooseWallet(/Foyer Test Wallet/)
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('The request was rejected in your wallet.')
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await dialog.getByRole('button', { name: 'Retry' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    expect((await usersMe()).linked_accounts.some((entry) => entry.address === ethereumAddress)).toBe(true)
  })

  test('behavior: linking a wallet of another user offers the account transfer', async () => {
    // The Solana user links the Ethereum wallet, which signed in (and so belongs to) another user above.
    await openDemo(page, stack.demoUrl)
    const dialog = await chooseWallet(/Foyer Test Solana/)
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    await page.getByRole('button', { name: 'Link a wallet' }).click()
    const linkDialog = page.getByRole('dialog')
    await linkDialog.getByRole('heading', { name: 'Link a wallet' }).waitFor()
    await linkDialog
      .getByRole('list', { name: 'Wallets' })
      .getByRole('button', { name: /Foyer Test Wallet/ })
      .click()
    await linkDialog
      .getByRole('heading', { name: 'Wallet address is associated with another account' })
      .waitFor()
    await linkDialog.getByRole('button', { name: 'No thanks' }).click()
    await linkDialog.waitFor({ state: 'detached' })
  })
})
