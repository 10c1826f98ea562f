import {
  createSolanaRpc,
  getBase64Decoder,
  getTransactionDecoder,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import type { SolanaCluster } from '../../chains/SolanaCluster'

/**
 * The fee the cluster charges for a transaction's message, in lamports: JSON-RPC `getFeeForMessage`
 * (through `@solana/kit`), which counts the base fee per signature and the prioritization fee its
 * compute-budget instructions set (docs/solana-transactions.md "Fee").
 *
 * @param parameters - `cluster` (its `rpcUrl` is asked), `transaction` (the wire transaction)
 * @returns the fee in lamports, or `undefined` when the cluster does not know the message's blockhash
 *   (`value: null`)
 * @throws Error when the RPC cannot be reached or answers an error; a malformed transaction (the
 *   `@solana/kit` decoder's error).
 * @example
 * const fee = await getSolanaFee({ cluster, transaction: bytes }) // 5000n
 */
export async function getSolanaFee(parameters: {
  cluster: SolanaCluster
  transaction: Uint8Array
}): Promise<bigint | undefined> {
  const { messageBytes } = getTransactionDecoder().decode(parameters.transaction)
  const message = getBase64Decoder().decode(messageBytes) as TransactionMessageBytesBase64
  const { value } = await createSolanaRpc(parameters.cluster.rpcUrl)
    .getFeeForMessage(message, { commitment: 'confirmed' })
    .send()
  return value === null ? undefined : BigInt(value)
}
