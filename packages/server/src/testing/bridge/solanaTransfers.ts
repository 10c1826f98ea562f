/** Solana for the bridge stand-in: addresses, JSON-RPC calls, and signed SOL transfers. */
import { base58 } from '@scure/base'
/** Solana at the bridge API (docs/limits.md), and SOL's currency address there. */
export const SOLANA_CHAIN_ID = 792703809
export const SOL_CURRENCY = '11111111111111111111111111111111'

/** Whether `value` is a base58 Solana address (32 bytes). */
export function isSolanaAddress(value: unknown): value is string {
  try {
    return typeof value === 'string' && base58.decode(value).length === 32
  } catch {
    return false
  }
}

/** One JSON-RPC call to a Solana cluster; throws `Error` with the node's message. */
export async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/**
 * A signed legacy Solana transaction moving `lamports` from the key's account to `to` (the system program's
 * transfer, instruction 2 with the amount as u64 little-endian), for the solver's fills on Solana.
 */
export function signedSolTransfer(
  key: { publicKey: Uint8Array; sign(message: Uint8Array): Uint8Array },
  to: string,
  lamports: bigint,
  blockhash: string,
): Uint8Array {
  const data = Buffer.alloc(12)
  data.writeUInt32LE(2, 0)
  data.writeBigUInt64LE(lamports, 4)
  const message = Uint8Array.from([
    // One signer (the payer), no read-only signed account, one read-only unsigned (the system program).
    1,
    0,
    1,
    3,
    ...key.publicKey,
    ...base58.decode(to),
    ...base58.decode(SOL_CURRENCY),
    ...base58.decode(blockhash),
    1,
    2,
    2,
    0,
    1,
    data.length,
    ...data,
  ])
  return Uint8Array.from([1, ...key.sign(message), ...message])
}
