import type { FoyerClient } from '@foyer/core'
import type { FundingAsset } from '@foyer/core/funding'
import type { AppConfig } from '@foyer/protocol'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect } from 'vitest'
import type { FoyerConfig } from '../src/FoyerProvider/FoyerConfig'
import { FoyerProvider } from '../src/FoyerProvider/FoyerProvider'
import { useFoyer } from '../src/hooks/useFoyer'
import { useFundWallet } from '../src/hooks/useFundWallet'
import { TEST_APP_ID, testAppConfig } from './createTestClient'

/**
 * The app config of a funding-by-transfer test: funding offered, 'Transfer from wallet' its one option,
 * 0.05 recommended, bridging from other chains when `bridging` is on.
 */
export function walletTransferFundingConfig(bridging: boolean): Partial<AppConfig> {
  return {
    fiat_on_ramp_enabled: true,
    funding_config: {
      ...testAppConfig().funding_config,
      options: [{ method: 'wallets', provider: 'privy' }],
      default_recommended_amount: '0.05',
      cross_chain_bridging_enabled: bridging,
    },
  }
}

/**
 * A host page whose Fund button funds `recipient` on 31337 (with `asset`), or a base58 `recipient` on the
 * `localnet` Solana cluster, and records how `fundWallet` ended (its result or its error) in `results`.
 */
export function FundHost({
  recipient,
  results,
  asset,
}: {
  recipient: string
  results: unknown[]
  asset?: FundingAsset | undefined
}) {
  const { fundWallet } = useFundWallet()
  const { ready } = useFoyer()
  const where = recipient.startsWith('0x') ? { chain: { id: 31337 } } : { cluster: { name: 'localnet' } }
  const fund = () =>
    fundWallet({ address: recipient, ...where, ...(asset ? { asset } : {}) }).then(
      (result) => results.push(result),
      (error: unknown) => results.push(error),
    )
  return (
    <button type="button" disabled={!ready} onClick={() => void fund()}>
      Fund
    </button>
  )
}

/**
 * Renders `client`'s provider (with `config`) around a {@link FundHost} for `recipient`, clicks Fund, then
 * 'Transfer from wallet' and Continue on 'Confirm or edit amount': the wallet list is next. The funding
 * screens load lazily, so the first steps wait up to 10 s. Returns the user-event session and the results.
 */
export async function openWalletTransfer(parameters: {
  client: FoyerClient
  recipient: string
  asset?: FundingAsset | undefined
  config?: FoyerConfig | undefined
}) {
  const results: unknown[] = []
  render(
    <FoyerProvider
      appId={TEST_APP_ID}
      apiUrl="http://foyer.test"
      client={parameters.client}
      {...(parameters.config ? { config: parameters.config } : {})}
    >
      <FundHost recipient={parameters.recipient} results={results} asset={parameters.asset} />
    </FoyerProvider>,
  )
  const user = userEvent.setup()
  const fund = await screen.findByRole('button', { name: 'Fund' })
  await waitFor(() => expect(fund.hasAttribute('disabled')).toBe(false))
  await user.click(fund)
  const slow = { timeout: 10_000 }
  await user.click(await screen.findByRole('button', { name: /Transfer from wallet/ }, slow))
  await screen.findByRole('heading', { name: 'Confirm or edit amount' }, slow)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  return { user, results }
}
