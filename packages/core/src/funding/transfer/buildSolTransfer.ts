import { base58 } from '@scure/base'

/** The system program (its transfer instruction moves lamports). */
const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/** Solana's compact-u16 length prefix. */
function compactLength(length: number): number[] {
  const bytes: number[] = []
  let rest = length
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      bytes.push(low)
      return bytes
    }
    bytes.push(low | 0x80)
  }
}

/**
 * An unsigned legacy Solana transaction (wire bytes, one empty signature slot) moving `lamports` from `from`
 * to `to` with the system program's transfer instruction (index 2, then the amount as u64 little-endian),
 * fee paid by `from` (spec 02 §4 "External wallet funding": SOL on the same cluster).
 *
 * @param parameters - base58 addresses, `lamports`, and a recent `blockhash` (base58)
 * @returns the transaction's wire bytes, for a wallet's `solana:signTransaction`
 * @example
 * const bytes = buildSolTransfer({ from, to, lamports: 10n ** 8n, blockhash })
 */
export function buildSolTransfer(parameters: {
  from: string
  to: string
  lamports: bigint
  blockhash: string
}): Uint8Array {
  const keys = [parameters.from, parameters.to, SYSTEM_PROGRAM].map((key) => base58.decode(key))
  for (const key of keys) if (key.length !== 32) throw new Error('Invalid Solana address')
  const blockhash = base58.decode(parameters.blockhash)
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, parameters.lamports, true)
  const message = [
    // Header: 1 signature (the payer), no read-only signed account, 1 read-only unsigned (the program).
    1,
    0,
    1,
    ...compactLength(keys.length),
    ...keys.flatMap((key) => [...key]),
    ...blockhash,
    ...compactLength(1),
    2,
    ...compactLength(2),
    0,
    1,
    ...compactLength(data.length),
    ...data,
  ]
  return Uint8Array.from([...compactLength(1), ...new Uint8Array(64), ...message])
}
