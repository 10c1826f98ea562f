import { rpcErrorCodes, solanaSignMessageParamsSchema, solanaTransactionParamsSchema } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  type Address,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import { fromBase64 } from '../../encoding/fromBase64'
import { toBase64 } from '../../encoding/toBase64'
import { FrameRequestError } from '../../errors/FrameRequestError'
import type { SolanaKeypair } from '../../keys/deriveSolanaKeypair'
import { assertConfirmableInstructions } from './assertConfirmableInstructions'

export type HandleSolanaRpcParameters = {
  keypair: SolanaKeypair
  method: string
  params: unknown
  /** Solana JSON-RPC URL (for `signAndSendTransaction`). */
  rpcUrl?: string | undefined
  fetch?: typeof fetch | undefined
}

/** docs/errors.md text for a short Solana balance. */
export const SOLANA_INSUFFICIENT_FUNDS_MESSAGE = 'Solana wallet has insufficient funds for this transaction.'

const badArguments = (message: string) => new FrameRequestError('invalid_request_arguments', message)

function signTransaction(
  keypair: SolanaKeypair,
  base64: string,
  allowedPrograms: readonly string[] | undefined,
): Uint8Array {
  let transaction: Transaction
  try {
    transaction = getTransactionDecoder().decode(fromBase64(base64))
  } catch {
    throw badArguments('Invalid transaction')
  }
  assertConfirmableInstructions(transaction, allowedPrograms)
  const address = keypair.address as Address
  if (!(address in transaction.signatures))
    throw badArguments(`Transaction does not contain public key ${keypair.address}`)
  const signature = ed25519.sign(
    transaction.messageBytes as unknown as Uint8Array,
    keypair.secretKey,
  ) as SignatureBytes
  const signed: Transaction = {
    ...transaction,
    signatures: { ...transaction.signatures, [address]: signature },
  }
  return new Uint8Array(getTransactionEncoder().encode(signed))
}

async function sendTransaction(parameters: HandleSolanaRpcParameters, wire: Uint8Array): Promise<string> {
  if (!parameters.rpcUrl) throw badArguments('No Solana RPC URL configured')
  const doFetch = parameters.fetch ?? globalThis.fetch
  let body: { result?: unknown; error?: { message?: string; data?: { logs?: string[] } } }
  try {
    const response = await doFetch(parameters.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [toBase64(wire), { encoding: 'base64' }],
      }),
    })
    body = (await response.json()) as typeof body
  } catch (cause) {
    throw new FrameRequestError('error', 'Solana RPC request failed', { code: rpcErrorCodes.internal, cause })
  }
  if (body.error || typeof body.result !== 'string') {
    const lines = [body.error?.message ?? '', ...(body.error?.data?.logs ?? [])]
    if (lines.some((line) => /insufficient (lamports|funds)/i.test(line))) {
      // The program's own log line ('Transfer: insufficient lamports 1000, need 5000') follows the text.
      const log = body.error?.data?.logs?.find((line) => /insufficient lamports/i.test(line))
      throw new FrameRequestError(
        'insufficient_funds',
        log ? `${SOLANA_INSUFFICIENT_FUNDS_MESSAGE} ${log}` : SOLANA_INSUFFICIENT_FUNDS_MESSAGE,
      )
    }
    throw new FrameRequestError('error', body.error?.message ?? 'Solana RPC error', {
      code: rpcErrorCodes.internal,
    })
  }
  return body.result
}

/**
 * Answers one Solana wallet call with the unlocked ed25519 `keypair`:
 * `signMessage` { message: base64 } → { signature: base64 }; `signTransaction` { transaction: base64 wire
 * tx } → { signedTransaction }; `signAndSendTransaction` → { signature: base58, signedTransaction } (sent
 * with JSON-RPC `sendTransaction`, base64 encoding, to `rpcUrl`).
 * Throws `FrameRequestError`: bad params → `invalid_request_arguments`; this key not a required signer →
 * 'Transaction does not contain public key {key}' (docs/limits.md); an instruction that is not a system
 * transfer, an SPL token approval or of a program in `params.allowedPrograms` → 'Unsupported Program ID {id}'
 * (docs/solana-transactions.md); unknown method → code 4200; short balance → `insufficient_funds`, its text
 * followed by the program's insufficient-lamports log line; RPC failure → code -32603.
 *
 * @example await handleSolanaRpc({ keypair, method: 'signMessage', params: { message: 'aGVsbG8=' } })
 */
export async function handleSolanaRpc(parameters: HandleSolanaRpcParameters): Promise<unknown> {
  const { keypair, method, params } = parameters
  switch (method) {
    case 'signMessage': {
      const parsed = solanaSignMessageParamsSchema.safeParse(params)
      if (!parsed.success) throw badArguments('Message must be a non-empty base64 string')
      let message: Uint8Array
      try {
        message = fromBase64(parsed.data.message)
      } catch {
        throw badArguments('Message must be a non-empty base64 string')
      }
      return { signature: toBase64(ed25519.sign(message, keypair.secretKey)) }
    }
    case 'signTransaction':
    case 'signAndSendTransaction': {
      const parsed = solanaTransactionParamsSchema.safeParse(params)
      if (!parsed.success) throw badArguments('Invalid transaction')
      const signed = signTransaction(keypair, parsed.data.transaction, parsed.data.allowedPrograms)
      if (method === 'signTransaction') return { signedTransaction: toBase64(signed) }
      const signature = await sendTransaction(parameters, signed)
      return { signature, signedTransaction: toBase64(signed) }
    }
    default:
      throw new FrameRequestError('invalid_request_arguments', `Unsupported method ${method}`, {
        code: rpcErrorCodes.unsupportedMethod,
      })
  }
}
