import type { SolanaCluster } from '../../chains/SolanaCluster'
import type { SolanaExternalWallet } from '../../externalWallets/ExternalWallet'
import { buildSolTransfer } from './buildSolTransfer'
import type { ExternalTransferStatus } from './sendFromExternalWallet'
import { sendSolanaFromExternalWallet } from './sendSolanaFromExternalWallet'

/** Parameters of {@link sendSolFromExternalWallet}. */
export type SendSolFromExternalWalletParameters = {
  wallet: SolanaExternalWallet
  /** The external wallet's account (base58). */
  from: string
  /** The wallet to fund (base58). */
  to: string
  lamports: bigint
  cluster: SolanaCluster
  onStatus?: ((status: ExternalTransferStatus) => void) | undefined
  /** Confirmation polling interval in ms; default 1,000. Gives up after `timeoutMs` (default 90,000). */
  pollingIntervalMs?: number | undefined
  timeoutMs?: number | undefined
}

/**
 * Sends SOL from an external wallet-standard Solana wallet on the same cluster (docs/modal.md "External
 * wallet funding"): builds the system transfer with a recent blockhash of the cluster, has the wallet sign it
 * (`solana:signTransaction`), sends it to the cluster's RPC and waits until it is confirmed.
 *
 * @returns the transaction signature (base58)
 * @throws {UserRejectedRequestError} `user_rejected`. @throws {WalletConnectionError} the wallet cannot sign
 *   transactions or failed. @throws {BridgeError} `external_transfer_failed`: the cluster refused it.
 * @example
 * await sendSolFromExternalWallet({ wallet, from, to: embedded.address, lamports: 10n ** 8n, cluster })
 */
export async function sendSolFromExternalWallet(
  parameters: SendSolFromExternalWalletParameters,
): Promise<string> {
  return sendSolanaFromExternalWallet({
    ...parameters,
    build: (blockhash) => buildSolTransfer({ ...parameters, blockhash }),
  })
}
