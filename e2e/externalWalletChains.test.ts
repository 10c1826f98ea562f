import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { page } from './support/browserPage'
import type { TestWalletKeys } from './support/externalWallets/testWalletsInitScript'
import { chooseWallet, usersMe, useTestWallets } from './support/externalWallets/walletSignIn'
import { stack } from './support/sharedStack'
import { openDemo } from './support/signInWithEmail'

// docs/external-wallets.md "Chains": a wallet on a chain the app did not configure is moved to the app's first
// chain on connect (the demo's anvil, 31337), adding the chain when the wallet does not know it.

const keys: TestWalletKeys = {
  // Test-only keys (anvil's well-known account #2; a fixed ed25519 seed).
  ethereumPrivateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  solanaSeedHex: '22'.repeat(32),
  // The wallet starts on Ethereum mainnet and knows no other chain.
  chainId: 1,
}
const address = privateKeyToAccount(keys.ethereumPrivateKey).address

useTestWallets(keys)

/** The wallet accounts `GET /api/v1/users/me` lists. */
async function linkedWallets() {
  return (await usersMe()).linked_accounts.filter((account) => account.type === 'wallet')
}

describe('external wallet chains', () => {
  test('behavior: a wallet on chain 1 is shown switching, gets the chain added (4902), and signs in on 31337', async () => {
    await openDemo(page, stack.demoUrl)
    // Hold the switch, then the signature, so that each step can be seen.
    await page.evaluate(() => {
      window.__testWalletControl.holdChainSwitch = true
    })
    const dialog = await chooseWallet(/Foyer Test Wallet/)
    await dialog.getByRole('heading', { name: 'Switching to a supported network' }).waitFor()
    expect(await dialog.getByRole('status').textContent()).toBe('Approve the network switch in your wallet.')
    await page.evaluate(() => {
      window.__testWalletControl.release()
      window.__testWalletControl.holdEthereumSign = true
    })
    await dialog.getByRole('heading', { name: 'Sign to verify' }).waitFor()
    expect(await page.evaluate(() => window.__testWalletControl.requests)).toEqual([
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
      'eth_chainId',
      'personal_sign',
    ])
    // The chain the wallet was given is the app's: the demo's anvil and its RPC URL.
    expect(await page.evaluate(() => window.__testWalletControl.chainRpcUrls)).toEqual({
      31337: stack.chains.anvil.rpcUrl,
    })
    await page.evaluate(() => window.__testWalletControl.release())
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    expect(await linkedWallets()).toContainEqual(
      expect.objectContaining({ address, chain_id: 'eip155:31337' }),
    )
  })

  test("behavior: Coinbase Wallet's 'addEthereumChain' message (no 4902) also adds the chain", async () => {
    await openDemo(page, stack.demoUrl)
    await page.evaluate(() => {
      window.__testWalletControl.coinbaseStyleUnknownChain = true
    })
    const dialog = await chooseWallet(/Foyer Test Wallet/)
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    const requests = await page.evaluate(() => window.__testWalletControl.requests)
    expect(requests.filter((method) => method === 'wallet_addEthereumChain')).toHaveLength(1)
  })

  test("error: a refused switch shows the wallet's refusal and 'Retry'", async () => {
    await openDemo(page, stack.demoUrl)
    await page.evaluate(() => {
      // The user declines adding the chain: the wallet answers 4001.
      const control = window.__testWalletControl
      Object.defineProperty(control, 'chainRpcUrls', {
        value: new Proxy(
          {},
          {
            set: () => {
              throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
            },
          },
        ),
      })
    })
    const dialog = await chooseWallet(/Foyer Test Wallet/)
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('The request was rejected in your wallet.')
    expect(await dialog.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })
})
