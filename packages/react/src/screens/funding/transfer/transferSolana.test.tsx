import type { SolanaCluster } from '@foyer/core'
import { getSolanaBalance } from '@foyer/core/wallet'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from '../../../../../../scripts/devchain/startSolanaRpc'
import { createFakeApi } from '../../../../../protocol/test/fakeApi'
import { createFakeApiClient } from '../../../../test/createTestClient'
import { openWalletTransfer, walletTransferFundingConfig } from '../../../../test/fundingTransferHost'
import { registerSolanaTestWallet } from '../../../../test/localWallets'

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

describe('transfer from a Solana wallet', () => {
  test('default: the Solana wallet sends SOL on the same cluster and the modal closes', async () => {
    const recipient = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
    const api = createFakeApi({ appConfig: walletTransferFundingConfig(false) })
    api.on('GET /api/v1/token_price', async () => Response.json({ usd: 150 }))
    const client = createFakeApiClient(api, { solanaClusters: [cluster] })
    const { user, results } = await openWalletTransfer({ client, recipient })
    const slow = { timeout: 10_000 }
    const list = await screen.findByRole('list', { name: 'Wallets' }, slow)
    // Only Solana wallets fund a Solana wallet.
    await waitFor(() => expect(list.textContent).toBe('Solana Test WalletSolana'))
    await user.click(screen.getByRole('button', { name: /Solana Test Wallet/ }))
    expect(await screen.findByText("You've funded your account!", {}, slow)).toBeTruthy()
    expect(await getSolanaBalance({ cluster, address: recipient })).toBe(50_000_000n)
    await waitFor(() => expect(results).toEqual([{ status: 'completed', method: 'wallets' }]))
  })
})
