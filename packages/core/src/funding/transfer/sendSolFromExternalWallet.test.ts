import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from '../../../../../scripts/devchain/startSolanaRpc'
import type { SolanaCluster } from '../../chains/SolanaCluster'
import type { SolanaExternalWallet } from '../../externalWallets/ExternalWallet'
import { getSolanaBalance } from '../../wallet/solana/getSolanaBalance'
import type { ExternalTransferStatus } from './sendFromExternalWallet'
import { sendSolFromExternalWallet } from './sendSolFromExternalWallet'

let solana: SolanaRpc
let cluster: SolanaCluster
beforeAll(async () => {
  solana = await startSolanaRpc()
  cluster = { name: 'localnet', rpcUrl: solana.rpcUrl }
}, 30_000)
afterAll(async () => {
  await solana?.stop()
})

const rpc = async (method: string, params: unknown[]) =>
  fetch(solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })

/** A wallet-standard wallet over an ed25519 key that signs transactions (`reject`: answers 4001). */
function testSolanaWallet(options: { reject?: boolean; canSign?: boolean } = {}) {
  const secret = ed25519.utils.randomSecretKey()
  const address = base58.encode(ed25519.getPublicKey(secret))
  const account: WalletAccount = {
    address,
    publicKey: ed25519.getPublicKey(secret),
    chains: ['solana:localnet'],
    features: ['solana:signTransaction'],
  }
  const features: Record<string, unknown> = {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
  }
  if (options.canSign !== false)
    features['solana:signTransaction'] = {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async ({ transaction }: { transaction: Uint8Array }) => {
        if (options.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        const signed = Uint8Array.from(transaction)
        signed.set(ed25519.sign(transaction.subarray(65), secret), 1)
        return [{ signedTransaction: signed }]
      },
    }
  const wallet = {
    version: '1.0.0',
    name: 'Test Solana',
    icon: 'data:,',
    chains: ['solana:localnet'],
    accounts: [account],
    features,
  } as unknown as Wallet
  const external: SolanaExternalWallet = {
    id: 'standard:Test Solana',
    name: 'Test Solana',
    icon: undefined,
    walletClientType: 'test_solana',
    connectorType: 'wallet_standard',
    known: false,
    chainType: 'solana',
    wallet,
  }
  return { external, address }
}

const recipient = () => base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))

describe('sendSolFromExternalWallet', () => {
  test('default: the wallet signs a system transfer that lands on the cluster', async () => {
    const { external, address } = testSolanaWallet()
    await rpc('requestAirdrop', [address, 2_000_000_000])
    const to = recipient()
    const statuses: ExternalTransferStatus[] = []
    const signature = await sendSolFromExternalWallet({
      wallet: external,
      from: address,
      to,
      lamports: 250_000_000n,
      cluster,
      onStatus: (status) => statuses.push(status),
      pollingIntervalMs: 50,
    })
    expect(base58.decode(signature)).toHaveLength(64)
    expect(statuses).toEqual(['sending', 'waiting-for-receipt'])
    expect(await getSolanaBalance({ cluster, address: to })).toBe(250_000_000n)
  })

  test('error: declined in the wallet, a wallet that cannot sign, no funds', async () => {
    const declined = testSolanaWallet({ reject: true })
    await expect(
      sendSolFromExternalWallet({
        wallet: declined.external,
        from: declined.address,
        to: recipient(),
        lamports: 1n,
        cluster,
      }),
    ).rejects.toMatchObject({ code: 'user_rejected' })
    const unable = testSolanaWallet({ canSign: false })
    await expect(
      sendSolFromExternalWallet({
        wallet: unable.external,
        from: unable.address,
        to: recipient(),
        lamports: 1n,
        cluster,
      }),
    ).rejects.toMatchObject({ code: 'wallet_connection_error' })
    const poor = testSolanaWallet()
    await expect(
      sendSolFromExternalWallet({
        wallet: poor.external,
        from: poor.address,
        to: recipient(),
        lamports: 1n,
        cluster,
      }),
    ).rejects.toMatchObject({ code: 'external_transfer_failed' })
  })
})
