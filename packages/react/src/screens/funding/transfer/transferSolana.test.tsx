import { createFoyerClient, createMemoryStorage, type SolanaCluster } from '@foyer/core'
import { getSolanaBalance } from '@foyer/core/wallet'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from '../../../../../../scripts/devchain/startSolanaRpc'
import { createFakeApi } from '../../../../../protocol/test/fakeApi'
import { TEST_APP_ID, testAppConfig } from '../../../../test/createTestClient'
import { registerSolanaTestWallet } from '../../../../test/localWallets'
import { FoyerProvider } from '../../../FoyerProvider/FoyerProvider'
import { useFoyer } from '../../../hooks/useFoyer'
import { useFundWallet } from '../../../hooks/useFundWallet'

// A wallet-standard Solana wallet over a real ed25519 key signs a SOL transfer that lands on the local
// Solana JSON-RPC (litesvm): the same-chain transfer of docs/modal.md for a Solana wallet.
let solana: SolanaRpc
let cluster: SolanaCluster
const secret = ed25519.utils.randomSecretKey()
const payer = base58.encode(ed25519.getPublicKey(secret))

beforeAll(async () => {
  solana = await startSolanaRpc()
  cluster = { name: 'localnet', rpcUrl: solana.rpcUrl }
  await fetch(solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [payer, 2_000_000_000] }),
  })
  registerSolanaTestWallet(secret)
}, 30_000)
afterAll(async () => {
  await solana?.stop()
})
afterEach(cleanup)

/** A host page whose Fund button funds `recipient` on the local cluster. */
function FundHost({ recipient, results }: { recipient: string; results: unknown[] }) {
  const { fundWallet } = useFundWallet()
  const { ready } = useFoyer()
  const fund = () =>
    fundWallet({ address: recipient, cluster: { name: 'localnet' } }).then(
      (result) => results.push(result),
      (error: unknown) => results.push(error),
    )
  return (
    <button type="button" disabled={!ready} onClick={() => void fund()}>
      Fund
    </button>
  )
}

describe('transfer from a Solana wallet', () => {
  test('default: the Solana wallet sends SOL on the same cluster and the modal closes', async () => {
    const recipient = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
    const api = createFakeApi({
      appConfig: {
        fiat_on_ramp_enabled: true,
        funding_config: {
          ...testAppConfig().funding_config,
          options: [{ method: 'wallets', provider: 'privy' }],
          default_recommended_amount: '0.05',
        },
      },
    })
    api.on('GET /api/v1/token_price', async () => Response.json({ usd: 150 }))
    const client = createFoyerClient({
      appId: TEST_APP_ID,
      apiUrl: 'http://foyer.test',
      storage: createMemoryStorage(),
      fetch: api.fetch,
      solanaClusters: [cluster],
    })
    const results: unknown[] = []
    render(
      <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
        <FundHost recipient={recipient} results={results} />
      </FoyerProvider>,
    )
    const user = userEvent.setup()
    const fund = await screen.findByRole('button', { name: 'Fund' })
    await waitFor(() => expect(fund.hasAttribute('disabled')).toBe(false))
    await user.click(fund)
    const slow = { timeout: 10_000 }
    await user.click(await screen.findByRole('button', { name: /Transfer from wallet/ }, slow))
    await user.click(await screen.findByRole('button', { name: 'Continue' }, slow))
    const list = await screen.findByRole('list', { name: 'Wallets' }, slow)
    // Only Solana wallets fund a Solana wallet.
    await waitFor(() => expect(list.textContent).toBe('Solana Test WalletSolana'))
    await user.click(screen.getByRole('button', { name: /Solana Test Wallet/ }))
    expect(await screen.findByText("You've funded your account!", {}, slow)).toBeTruthy()
    expect(await getSolanaBalance({ cluster, address: recipient })).toBe(50_000_000n)
    await waitFor(() => expect(results).toEqual([{ status: 'completed', method: 'wallets' }]))
  })
})
