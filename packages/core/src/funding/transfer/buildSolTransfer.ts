import { hex } from '@scure/base'
import { buildSolanaTransaction } from './buildSolanaTransaction'

/** The system program (its transfer instruction moves lamports). */
const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/**
 * An unsigned legacy Solana transaction (wire bytes, one empty signature slot) moving `lamports` from `from`
 * to `to` with the system program's transfer instruction (index 2, then the amount as u64 little-endian),
 * fee paid by `from` (docs/modal.md "External wallet funding": SOL on the same cluster).
 *
 * @param parameters - base58 addresses, `lamports`, and a recent `blockhash` (base58)
 * @returns the transaction's wire bytes, for a wallet's `solana:signTransaction`
 * @throws Error 'Invalid Solana address' when an address is not 32 bytes of base58.
 * @example
 * const bytes = buildSolTransfer({ from, to, lamports: 10n ** 8n, blockhash })
 */
export function buildSolTransfer(parameters: {
  from: string
  to: string
  lamports: bigint
  blockhash: string
}): Uint8Array {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, parameters.lamports, true)
  return buildSolanaTransaction({
    payer: parameters.from,
    blockhash: parameters.blockhash,
    instructions: [
      {
        programId: SYSTEM_PROGRAM,
        keys: [
          { pubkey: parameters.from, isSigner: true, isWritable: true },
          { pubkey: parameters.to, isSigner: false, isWritable: true },
        ],
        data: hex.encode(data),
      },
    ],
  })
}
