import { createFoyerClient, createMemoryStorage, type SolanaCluster } from '@foyer/core'
import { getSolanaBalance } from '@foyer/core/wallet'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WalletAccount } from '@wallet-standard/base'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from '../../../../../../scripts/devchain/startSolanaRpc'
import { createFakeApi } from '../../../../../protocol/test/fakeApi'
import { TEST_APP_ID, testAppConfig } from '../../../../test/createTestClient'
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
  const account: WalletAccount = {
    address: payer,
    publicKey: ed25519.getPublicKey(secret),
    chains: ['solana:localnet'],
    features: ['solana:signTransaction', 'solana:signMessage'],
  }
  const wallet = {
    version: '1.0.0',
    name: 'Solana Test Wallet',
    icon: 'data:image/svg+xml,<svg/>',
    chains: ['solana:localnet'],
    accounts: [account],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
      'standard:events': { version: '1.0.0', on: () => () => {} },
      // Browser Solana wallets sign messages too; the wallet list finds wallets that can sign in.
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: Array<{ message: Uint8Array }>) =>
          inputs.map(({ message }) => ({ signedMessage: message, signature: ed25519.sign(message, secret) })),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy'],
        signTransaction: async (...inputs: Array<{ transaction: Uint8Array }>) =>
          inputs.map(({ transaction }) => {
            const signed = Uint8Array.from(transaction)
            signed.set(ed25519.sign(transaction.subarray(65), secret), 1)
            return { signedTransaction: signed }
          }),
      },
    },
  }
  // As @wallet-standard/wallet `registerWallet` does: announce now, and again when the app gets ready.
  const callback = ({ register }: { register: (registered: unknown) => void }) => register(wallet)
  window.addEventListener('wallet-standard:app-ready', (event) =>
    callback((event as CustomEvent<{ register: (registered: unknown) => void }>).detail),
  )
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
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
