import { base64 } from '@scure/base'
import { SolanaSignTransaction, type SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { StandardConnect, type StandardConnectFeature } from '@wallet-standard/features'
import type { SolanaCluster } from '../../chains/SolanaCluster'
import type { SolanaExternalWallet } from '../../externalWallets/ExternalWallet'
import { walletCall } from '../../externalWallets/errors/translateWalletError'
import { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import { BridgeError } from './BridgeError'
import type { ExternalTransferStatus } from './sendFromExternalWallet'

/** One JSON-RPC call to the cluster. */
async function rpc<T>(cluster: SolanaCluster, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(cluster.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message?: string } }
  if (body.error)
    throw new BridgeError('The transfer failed on chain.', {
      code: 'external_transfer_failed',
      details: body.error.message,
    })
  return body.result as T
}

/** Parameters of {@link sendSolanaFromExternalWallet}. */
export type SendSolanaFromExternalWalletParameters = {
  wallet: SolanaExternalWallet
  /** The external wallet's account (base58): it signs and pays the fee. */
  from: string
  cluster: SolanaCluster
  /** The unsigned transaction's wire bytes, built with a recent blockhash (base58) of the cluster. */
  build: (blockhash: string) => Uint8Array
  onStatus?: ((status: ExternalTransferStatus) => void) | undefined
  /** Confirmation polling interval in ms; default 1,000. Gives up after `timeoutMs` (default 90,000). */
  pollingIntervalMs?: number | undefined
  timeoutMs?: number | undefined
}

/**
 * Sends a transaction from an external wallet-standard Solana wallet (docs/modal.md "External wallet
 * funding", docs/api.md): builds it with a recent blockhash of the cluster, has the wallet sign it
 * (`solana:signTransaction`), sends it to the cluster's RPC and waits until it is confirmed.
 *
 * @returns the transaction signature (base58)
 * @throws {UserRejectedRequestError} `user_rejected`. @throws {WalletConnectionError} the wallet cannot sign
 *   transactions or failed. @throws {BridgeError} `external_transfer_failed`: the cluster refused it.
 * @example
 * await sendSolanaFromExternalWallet({ wallet, from, cluster,
 *   build: (blockhash) => buildSolanaTransaction({ payer: from, instructions, blockhash }) })
 */
export async function sendSolanaFromExternalWallet(
  parameters: SendSolanaFromExternalWalletParameters,
): Promise<string> {
  const { wallet, cluster, onStatus } = parameters
  const features = wallet.wallet.features as Partial<SolanaSignTransactionFeature & StandardConnectFeature>
  const sign = features[SolanaSignTransaction]
  if (!sign) throw new WalletConnectionError({ details: `${wallet.name} cannot sign Solana transactions.` })
  const account =
    wallet.wallet.accounts.find((candidate) => candidate.address === parameters.from) ??
    (await walletCall(async () => (await features[StandardConnect]?.connect())?.accounts ?? [])).find(
      (candidate) => candidate.address === parameters.from,
    )
  if (!account) throw new WalletConnectionError({ details: 'The wallet no longer holds this account.' })
  onStatus?.('sending')
  const { value } = await rpc<{ value: { blockhash: string } }>(cluster, 'getLatestBlockhash', [])
  const transaction = parameters.build(value.blockhash)
  const [signed] = await walletCall(() => sign.signTransaction({ account, transaction }))
  if (!signed) throw new WalletConnectionError({ details: 'The wallet returned no signed transaction.' })
  const signature = await rpc<string>(cluster, 'sendTransaction', [
    base64.encode(signed.signedTransaction),
    { encoding: 'base64' },
  ])
  onStatus?.('waiting-for-receipt')
  const deadline = Date.now() + (parameters.timeoutMs ?? 90_000)
  for (;;) {
    const { value: statuses } = await rpc<{
      value: ({ err: unknown; confirmationStatus?: string } | null)[]
    }>(cluster, 'getSignatureStatuses', [[signature]])
    const status = statuses[0]
    if (status?.err)
      throw new BridgeError('The transfer failed on chain.', {
        code: 'external_transfer_failed',
        details: `Transaction ${signature} failed.`,
      })
    if (status && status.confirmationStatus !== 'processed') return signature
    if (Date.now() > deadline)
      throw new BridgeError('The transfer was not confirmed in time.', { code: 'external_transfer_failed' })
    await new Promise((resolve) => setTimeout(resolve, parameters.pollingIntervalMs ?? 1_000))
  }
}
