import { defaultAppSettings } from '@foyer/protocol'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { json } from '../../../../../protocol/test/fakeApi'
import { createFakeApiClient, createTestClient } from '../../../../test/createTestClient'
import { renderInProvider } from '../../../../test/renderInProvider'
import { anvil } from '../../../../test/renderWallet'
import { useFundWallet } from '../../../hooks/useFundWallet'

afterEach(cleanup)

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function FundButton({ onError }: { onError: (error: unknown) => void }) {
  const { fundWallet } = useFundWallet()
  return (
    <button
      type="button"
      onClick={() => fundWallet({ address, chain: { id: anvil.id }, amount: '0.01' }).catch(onError)}
    >
      fund
    </button>
  )
}

async function renderFunding(fiatOnRampEnabled = true, walletConnectProjectId: string | null = null) {
  const { api } = createTestClient(
    {},
    {
      appConfig: {
        fiat_on_ramp_enabled: fiatOnRampEnabled,
        wallet_connect_cloud_project_id: walletConnectProjectId,
        funding_config: {
          ...defaultAppSettings.funding_config,
          default_recommended_currency: { chain: 'eip155:1', asset: 'native-currency' },
          options: [
            { method: 'card', provider: 'moonpay' },
            { method: 'exchange', provider: 'coinbase' },
            { method: 'wallets', provider: 'privy' },
            { method: 'manual', provider: 'privy' },
          ],
        },
      },
    },
  )
  api.on('GET /api/v1/token_price', () => json({ usd: 2000 }))
  const client = createFakeApiClient(api, { chains: [anvil] })
  const errors: unknown[] = []
  const { user } = await renderInProvider(client, <FundButton onError={(error) => errors.push(error)} />)
  await user.click(screen.getByRole('button', { name: 'fund' }))
  return { user, errors, api }
}

describe('funding screens', () => {
  test("default: 'Add funds to your wallet' lists the offered methods whose screens are registered", async () => {
    await renderFunding()
    const dialog = await screen.findByRole('dialog', { name: 'Add funds to your wallet' }, { timeout: 5000 })
    expect(within(dialog).getByRole('button', { name: /Pay with card/ }).textContent).toContain('MoonPay')
    within(dialog).getByRole('button', { name: 'Receive funds' })
    // Both screens are registered: the exchange (Coinbase Onramp) and transfer from wallet.
    within(dialog).getByRole('button', { name: 'Transfer from wallet' })
    within(dialog).getByRole('button', { name: 'Transfer from an exchange' })
    // One card provider: no 'Try a different provider'.
    expect(within(dialog).queryByText(/Try a different provider/)).toBeNull()
  })

  test("behavior: with no wallet in the browser, 'Transfer from wallet' says so and offers the next steps, not an amount", async () => {
    const { user } = await renderFunding()
    const methods = await screen.findByRole('dialog', { name: 'Add funds to your wallet' }, { timeout: 5000 })
    const transfer = within(methods).getByRole('button', { name: /Transfer from wallet/ })
    // The wallet search ends after the connectors' 1,500 ms time-out with none found (none announces itself).
    await waitFor(() => expect(transfer.textContent).toContain('No wallet found in this browser.'), {
      timeout: 4000,
    })
    await user.click(transfer)
    const dialog = await screen.findByRole('dialog', { name: 'Transfer from wallet' }, { timeout: 5000 })
    await within(dialog).findByText(
      'Install a wallet, or send funds to your address from any wallet or exchange.',
      {},
      { timeout: 2000 },
    )
    const links = within(within(dialog).getByRole('list', { name: 'Wallets to install' })).getAllByRole(
      'link',
    )
    expect(
      links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')]),
    ).toEqual([
      ['Get MetaMask↗', 'https://metamask.io/download/', '_blank'],
      ['Get Phantom↗', 'https://phantom.com/download', '_blank'],
      ['Get Coinbase Wallet↗', 'https://www.coinbase.com/wallet/downloads', '_blank'],
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Receive funds' }))
    await screen.findByRole('dialog', { name: 'Receive funds' }, { timeout: 5000 })
    // The amount screen never showed.
    expect(screen.queryByRole('dialog', { name: 'Confirm or edit amount' })).toBeNull()
  })

  test("behavior: with a WalletConnect project id, 'Transfer from wallet' lists WalletConnect (a phone wallet can pay) after the amount", async () => {
    const { user } = await renderFunding(true, 'local')
    const methods = await screen.findByRole('dialog', { name: 'Add funds to your wallet' }, { timeout: 5000 })
    const transfer = within(methods).getByRole('button', { name: /Transfer from wallet/ })
    // No browser wallet announces itself, yet WalletConnect can pay: no 'No wallet found', and the amount shows.
    await new Promise((resolve) => setTimeout(resolve, 1700))
    expect(transfer.textContent).not.toContain('No wallet found in this browser.')
    await user.click(transfer)
    const amount = await screen.findByRole('dialog', { name: 'Confirm or edit amount' }, { timeout: 5000 })
    await user.click(within(amount).getByRole('button', { name: 'Continue' }))
    const dialog = await screen.findByRole('dialog', { name: 'Transfer from wallet' }, { timeout: 5000 })
    const list = within(dialog).getByRole('list', { name: 'Wallets' })
    expect(
      within(list)
        .getAllByRole('button')
        .map((row) => row.textContent),
    ).toEqual(['WalletConnect'])
  })

  test("behavior: 'Confirm or edit amount' keeps digits and one point, and shows the fiat estimate", async () => {
    const { user } = await renderFunding()
    const methods = await screen.findByRole('dialog', { name: 'Add funds to your wallet' }, { timeout: 5000 })
    await user.click(within(methods).getByRole('button', { name: /Pay with card/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm or edit amount' }, { timeout: 5000 })
    const input = within(dialog).getByRole('textbox')
    expect((input as HTMLInputElement).value).toBe('0.01')
    await within(dialog).findByText('≈ $20.00')
    await user.clear(input)
    expect(within(dialog).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true)
    await user.type(input, '.5x.')
    expect((input as HTMLInputElement).value).toBe('0.5')
    await within(dialog).findByText('≈ $1,000.00')
    expect(within(dialog).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false)
  })

  test("error: 'Wallet funding is not enabled' when the app has funding off", async () => {
    const { errors } = await renderFunding(false)
    await waitFor(() => expect(errors).toHaveLength(1))
    expect((errors[0] as Error).message).toBe('Wallet funding is not enabled')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
