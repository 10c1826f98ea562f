import { createSolanaRpc, getTransactionDecoder, type Transaction } from '@solana/kit'
import { createPublicClient, type Hex, http } from 'viem'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { callSigner, type DelegatedActionsContext } from './service'
import type { SignInput } from './signer/createSigner'
import type { SignerClient } from './signer/signerProtocol'
import { solanaTransactionId } from './solanaTransaction'
import { withWalletLock } from './walletLock'
import { transactionValue } from './walletRequest'

/**
 * Asks the signer for a signature; its refusal throws as the error it names (the policy's, or a share that
 * does not rebuild the wallet), an unreachable signer 503.
 */
export async function signWith(
  context: DelegatedActionsContext,
  signer: SignerClient,
  input: SignInput,
): Promise<string> {
  const answer = await callSigner(context, () => signer.sign(input))
  if (answer.status === 'signed') return answer.signature
  if (answer.code === 'policy_violation') throw foyerError('policyDenied', { reason: answer.reason })
  if (answer.code === 'delegated_share_mismatch') throw foyerError('delegatedShareMismatch')
  throw foyerError('invalidWalletRequest', { reason: answer.reason })
}

/** The sends in flight per wallet id, per server instance: each waits for the one before (its nonce). */
const sendQueues = new WeakMap<object, Map<string, Promise<unknown>>>()

/**
 * Runs `send` after the earlier sends of the wallet in this process settle, so that each takes the next
 * nonce (viem reads the pending count). Across processes on PostgreSQL, `send` itself takes the wallet's
 * advisory lock (`withWalletLock`, docs/delegated-actions.md#several-server-processes).
 */
export async function queuedSend<T>(
  context: ServerContext,
  walletId: string,
  send: () => Promise<T>,
): Promise<T> {
  let queues = sendQueues.get(context.instance)
  if (!queues) {
    queues = new Map()
    sendQueues.set(context.instance, queues)
  }
  const before = queues.get(walletId) ?? Promise.resolve()
  const run = before.then(send, send)
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  queues.set(walletId, settled)
  try {
    return await run
  } finally {
    if (queues.get(walletId) === settled) queues.delete(walletId)
  }
}

/**
 * Sends an `eth_sendTransaction` (docs/delegated-actions.md#wallet-api): reads the nonce (pending), the gas
 * estimate and the EIP-1559 fees at `rpcUrl`, has the signer sign that transaction, and broadcasts it, after
 * the wallet's earlier sends in this process and, on PostgreSQL, holding the wallet's lock across processes.
 * Returns the hash; throws the signer's refusal, 503 `wallet_busy` (the lock not granted in time) or the
 * chain's error.
 */
export async function sendEthereumTransaction(
  context: DelegatedActionsContext,
  parameters: { signer: SignerClient; input: SignInput; rpcUrl: string; walletId: string },
): Promise<Hex> {
  const { input } = parameters
  const body = input.request
  if (body.method !== 'eth_sendTransaction') throw new TypeError('Not an eth_sendTransaction')
  const client = createPublicClient({ transport: http(parameters.rpcUrl, { retryCount: 0 }) })
  const transaction = body.params.transaction
  const account = input.address as Hex
  const lock = {
    caip2: body.caip2,
    address: account,
    timeoutMs: context.delegatedActions.walletLockTimeoutMs,
  }
  // The lock is held until the node accepted the transaction: another process's send then reads the
  // pending count after it, and takes the next nonce.
  return queuedSend(context, parameters.walletId, () =>
    withWalletLock(context, lock, async () => {
      const [nonce, gas, fees] = await Promise.all([
        client.getTransactionCount({ address: account, blockTag: 'pending' }),
        client.estimateGas({
          account,
          to: transaction.to as Hex,
          value: transactionValue(transaction.value),
          ...(transaction.data ? { data: transaction.data as Hex } : {}),
        }),
        client.estimateFeesPerGas({ type: 'eip1559', chain: null }),
      ])
      const prepared = {
        nonce,
        gas: gas.toString(),
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      }
      const serializedTransaction = (await signWith(context, parameters.signer, {
        ...input,
        prepared,
      })) as Hex
      return client.sendRawTransaction({ serializedTransaction })
    }),
  )
}

/**
 * Sends a `signAndSendTransaction` (docs/delegated-actions.md#solana): the signer signs the transaction as the
 * app built it (its recent blockhash, fee payer and instructions), and the server submits it to the cluster
 * at `rpcUrl` (`sendTransaction`, base64). Returns its id, the first signature in base58; throws the signer's
 * refusal, or the cluster's error (the simulation's).
 */
export async function sendSolanaTransaction(
  context: DelegatedActionsContext,
  parameters: { signer: SignerClient; input: SignInput; rpcUrl: string },
): Promise<string> {
  const signed = await signWith(context, parameters.signer, parameters.input)
  const transaction: Transaction = getTransactionDecoder().decode(Buffer.from(signed, 'base64'))
  await createSolanaRpc(parameters.rpcUrl)
    .sendTransaction(signed as never, { encoding: 'base64', preflightCommitment: 'confirmed' })
    .send()
  return solanaTransactionId(transaction)
}
