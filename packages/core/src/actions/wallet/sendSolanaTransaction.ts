import { base64 } from '@scure/base'
import type { SolanaCluster } from '../../chains/SolanaCluster'
import type { FoyerClient } from '../../client/FoyerClient'
import type { BaseError } from '../../errors/BaseError'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import { SolanaTransactionError } from '../../wallet/errors/SolanaTransactionError'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { promptUi, resolveWallet } from '../../wallet/resolveWallet'
import { getSolanaBalance } from '../../wallet/solana/getSolanaBalance'
import { summarizeSolanaTransaction, withSolanaFee } from '../../wallet/solana/summarizeSolanaTransaction'
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
  | SolanaTransactionError

/**
 * Signs a Solana transaction with the embedded wallet and sends it through the cluster's RPC (docs/api.md
 * `signAndSendTransaction`), after the Solana confirm screen (docs/modal.md: from, to, amount, fee, total,
 * balance, 'k of n instructions').
 *
 * Only system transfers and SPL token approvals are confirmed (docs/solana-transactions.md): an instruction of
 * any other program, unless the host opted in to it (`embeddedWallets.solana.allowedPrograms`), shows as
 * 'Unsupported Program ID' with Approve disabled and the call rejects with `unsupported_solana_program`
 * (at once without a screen). The fee is the cluster's `getFeeForMessage` answer.
 *
 * @returns the transaction signature, base58
 * @throws {BaseError} `'invalid_solana_transaction'` ('Transaction does not contain public key {key}').
 * @throws {SolanaTransactionError} `unsupported_solana_program`; a transfer or approval missing its from,
 *   to or owner key, data or lamports (`solana_missing_*`).
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
  const allowedPrograms = client.embeddedWallets.solana?.allowedPrograms
  const local = summarizeSolanaTransaction(parameters.transaction, wallet.address, { allowedPrograms })
  const refusal =
    local.unsupportedPrograms.length > 0
      ? new SolanaTransactionError('unsupported_solana_program', {
          details: local.unsupportedPrograms.join(', '),
        })
      : undefined
  const transaction = base64.encode(parameters.transaction)
  const execute = async () => {
    // Refused here too, whatever the screen did (docs/solana-transactions.md).
    if (refusal) throw refusal
    const result = (await walletRpc(client, {
      wallet,
      request: {
        method: mode === 'sign' ? 'signTransaction' : 'signAndSendTransaction',
        params: {
          transaction,
          ...(allowedPrograms?.length ? { allowedPrograms: [...allowedPrograms] } : {}),
        },
      },
      rpcUrl: cluster.rpcUrl,
    })) as { signature?: string; signedTransaction?: string }
    return (mode === 'sign' ? result.signedTransaction : result.signature) ?? ''
  }
  const ui = promptUi(client)
  if (!ui) return execute()
  // Unlock (or recover: 'Enter your password') before asking to approve.
  if (!refusal) await connectWallet(client, { wallet })
  const fee = await clusterFee(cluster, parameters.transaction)
  const summary = fee === undefined ? local : withSolanaFee(local, wallet.address, fee)
  const shown = ui.prompt({
    kind: 'sendSolanaTransaction',
    wallet,
    mode,
    cluster,
    summary,
    uiOptions: parameters.uiOptions,
    balance: () => getSolanaBalance({ cluster, address: wallet.address }),
    execute,
  })
  // The screen shows the refused program with Approve disabled; closing it rejects with the refusal's code.
  return refusal
    ? shown.then(
        () => Promise.reject(refusal),
        () => Promise.reject(refusal),
      )
    : shown
}

/** The cluster's fee for the transaction, or `undefined` when it cannot tell (the local estimate stays). */
async function clusterFee(cluster: SolanaCluster, transaction: Uint8Array): Promise<bigint | undefined> {
  try {
    // Loaded on first use: the RPC client stays out of the initial bundle.
    const { getSolanaFee } = await import('../../wallet/solana/getSolanaFee')
    return await getSolanaFee({ cluster, transaction })
  } catch {
    return undefined
  }
}
