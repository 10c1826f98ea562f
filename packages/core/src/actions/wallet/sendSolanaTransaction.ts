import { base64 } from '@scure/base'
import type { FoyerClient } from '../../client/FoyerClient'
import type { BaseError } from '../../errors/BaseError'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { promptUi, resolveWallet } from '../../wallet/resolveWallet'
import { getSolanaBalance } from '../../wallet/solana/getSolanaBalance'
import { summarizeSolanaTransaction } from '../../wallet/solana/summarizeSolanaTransaction'
import type { SendTransactionUiOptions } from '../../wallet/ui/WalletPrompt'
import { connectWallet } from './connectWallet'
import { getSolanaCluster } from './getSolanaCluster'
import { walletRpc } from './walletRpc'

/** Parameters of {@link sendSolanaTransaction} and {@link signSolanaTransaction}. */
export type SendSolanaTransactionParameters = {
  /** The wire transaction (unsigned or partly signed); it must list the wallet among its signers. */
  transaction: Uint8Array
  wallet?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined
  /** The cluster's name; default the first configured cluster. */
  cluster?: string | undefined
  uiOptions?: SendTransactionUiOptions | undefined
}

/** What {@link sendSolanaTransaction} throws (an action that calls others includes theirs). */
export type SendSolanaTransactionErrorType =
  | RequestErrorType
  | WalletProxyErrorType
  | BaseError
  | Error
  | MfaError
  | UserRejectedRequestError

/**
 * Signs a Solana transaction with the embedded wallet and sends it through the cluster's RPC (docs/api.md
 * `signAndSendTransaction`), after the Solana confirm screen (docs/modal.md: from, to, amount, fee, total,
 * balance, 'k of n instructions').
 *
 * @returns the transaction signature, base58
 * @throws {BaseError} `'invalid_solana_transaction'` ('Transaction does not contain public key {key}').
 * @throws {UserRejectedRequestError} the user cancelled.
 * @throws {WalletProxyError} the frame's or the RPC's error.
 * @example
 * const signature = await sendSolanaTransaction(client, { transaction: bytes })
 */
export function sendSolanaTransaction(
  client: FoyerClient,
  parameters: SendSolanaTransactionParameters,
): Promise<string> {
  return run(client, parameters, 'signAndSend')
}

/**
 * Signs a Solana transaction with the embedded wallet without sending it (docs/frame-protocol.md event
 * `signTransaction`), after the Solana confirm screen.
 *
 * @returns the signed wire transaction
 * @throws see {@link sendSolanaTransaction}
 * @example
 * const signed = await signSolanaTransaction(client, { transaction: bytes })
 */
export async function signSolanaTransaction(
  client: FoyerClient,
  parameters: SendSolanaTransactionParameters,
): Promise<Uint8Array> {
  return base64.decode(await run(client, parameters, 'sign'))
}

async function run(
  client: FoyerClient,
  parameters: SendSolanaTransactionParameters,
  mode: 'sign' | 'signAndSend',
): Promise<string> {
  const wallet = resolveWallet(client, 'solana', parameters.wallet)
  const cluster = getSolanaCluster(client, parameters.cluster)
  const summary = summarizeSolanaTransaction(parameters.transaction, wallet.address)
  const transaction = base64.encode(parameters.transaction)
  const execute = async () => {
    const result = (await walletRpc(client, {
      wallet,
      request: {
        method: mode === 'sign' ? 'signTransaction' : 'signAndSendTransaction',
        params: { transaction },
      },
      rpcUrl: cluster.rpcUrl,
    })) as { signature?: string; signedTransaction?: string }
    return (mode === 'sign' ? result.signedTransaction : result.signature) ?? ''
  }
  const ui = promptUi(client)
  // Unlock (or recover: 'Enter your password') before asking to approve.
  if (ui) await connectWallet(client, { wallet })
  if (!ui) return execute()
  return ui.prompt({
    kind: 'sendSolanaTransaction',
    wallet,
    mode,
    cluster,
    summary,
    uiOptions: parameters.uiOptions,
    balance: () => getSolanaBalance({ cluster, address: wallet.address }),
    execute,
  })
}
