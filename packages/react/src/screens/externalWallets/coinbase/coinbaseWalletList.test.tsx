import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createEthereumTestWallet } from '../../../../../core/test/externalTestWallets'
import { appConfigRoute } from '../../../../test/createTestClient'
import { renderFoyerAndOpen } from '../../../../test/renderFoyer'
import type { FoyerConfig } from '../../../FoyerProvider/FoyerConfig'

// A browser wallet outside the machine: a test wallet backed by a real key, announced over EIP-6963.
const eth = createEthereumTestWallet({ chainId: 1 })
const announced: { uuid: string; name: string; rdns: string }[] = []
const announce = () => {
  for (const info of announced)
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { ...info, icon: 'data:image/svg+xml,<svg/>' },
          provider: eth.wallet.provider,
        }),
      }),
    )
}
window.addEventListener('eip6963:requestProvider', announce)
afterEach(() => {
  cleanup()
  announced.length = 0
})

async function walletRows(config?: FoyerConfig) {
  const { user } = await renderFoyerAndOpen({
    routes: appConfigRoute({ wallet_auth: true }),
    ...(config ? { config } : {}),
  })
  await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
  const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
  return () => Array.from(list.querySelectorAll('button')).map((row) => row.textContent)
}

describe('Coinbase Wallet in the wallet list', () => {
  test('default: offered without its extension, after the detected wallets', async () => {
    announced.push({ uuid: 'mm', name: 'MetaMask', rdns: 'io.metamask' })
    const rows = await walletRows()
    await waitFor(() => expect(rows()).toEqual(['MetaMask', 'Coinbase Wallet']), { timeout: 5000 })
  })

  test('behavior: its detected extension replaces the SDK entry; coinbaseWallet: false leaves it out', async () => {
    announced.push({ uuid: 'cb', name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' })
    const rows = await walletRows()
    await waitFor(() => expect(rows()).toEqual(['Coinbase Wallet']), { timeout: 5000 })
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(rows()).toEqual(['Coinbase Wallet'])
    cleanup()
    announced.length = 0
    announced.push({ uuid: 'mm', name: 'MetaMask', rdns: 'io.metamask' })
    const without = await walletRows({ coinbaseWallet: false })
    await waitFor(() => expect(without()).toEqual(['MetaMask']), { timeout: 5000 })
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(without()).toEqual(['MetaMask'])
  })

  test("behavior: the host's walletList places it by 'coinbase_wallet' and drops it when unnamed", async () => {
    announced.push({ uuid: 'mm', name: 'MetaMask', rdns: 'io.metamask' })
    const rows = await walletRows({ appearance: { walletList: ['coinbase_wallet', 'detected_wallets'] } })
    await waitFor(() => expect(rows()).toEqual(['Coinbase Wallet', 'MetaMask']), { timeout: 5000 })
    cleanup()
    const only = await walletRows({ appearance: { walletList: ['detected_wallets'] } })
    await waitFor(() => expect(only()).toEqual(['MetaMask']), { timeout: 5000 })
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(only()).toEqual(['MetaMask'])
  })
})
