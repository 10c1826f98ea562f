import { base58, hex } from '@scure/base'
import type { BridgeSolanaInstruction } from './BridgeQuote'

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
 * An unsigned legacy Solana transaction (wire bytes, one empty signature slot) running `instructions` with
 * `payer` as fee payer and only signer (docs/api.md): the accounts
 * ordered as Solana's message format requires (writable signers, read-only signers, writable, read-only;
 * the payer first), each instruction's program and accounts by index, its data from hex.
 *
 * @returns the transaction's wire bytes, for a wallet's `solana:signTransaction`
 * @throws Error when an instruction needs another signer, or a key is not a 32-byte base58 address.
 * @example
 * const bytes = buildSolanaTransaction({ payer, instructions: item.data.instructions, blockhash })
 */
export function buildSolanaTransaction(parameters: {
  /** The paying and signing account (base58). */
  payer: string
  instructions: readonly BridgeSolanaInstruction[]
  /** A recent blockhash of the cluster (base58). */
  blockhash: string
}): Uint8Array {
  const accounts = new Map<string, { signer: boolean; writable: boolean }>([
    [parameters.payer, { signer: true, writable: true }],
  ])
  const add = (key: string, signer: boolean, writable: boolean) => {
    const found = accounts.get(key)
    accounts.set(key, { signer: signer || !!found?.signer, writable: writable || !!found?.writable })
  }
  for (const instruction of parameters.instructions) {
    for (const key of instruction.keys) add(key.pubkey, key.isSigner, key.isWritable)
    add(instruction.programId, false, false)
  }
  const entries = [...accounts.entries()]
  const rank = ([key, flags]: (typeof entries)[number]) =>
    key === parameters.payer ? -1 : (flags.signer ? 0 : 2) + (flags.writable ? 0 : 1)
  entries.sort((a, b) => rank(a) - rank(b))
  const signers = entries.filter(([, flags]) => flags.signer)
  if (signers.length !== 1) throw new Error('The instructions need a signer other than the paying wallet.')
  const keys = entries.map(([key]) => key)
  const index = (key: string) => keys.indexOf(key)
  const keyBytes = keys.map((key) => base58.decode(key))
  for (const key of keyBytes) if (key.length !== 32) throw new Error('Invalid Solana address')
  const message = [
    1,
    0,
    entries.filter(([, flags]) => !flags.signer && !flags.writable).length,
    ...compactLength(keys.length),
    ...keyBytes.flatMap((key) => [...key]),
    ...base58.decode(parameters.blockhash),
    ...compactLength(parameters.instructions.length),
    ...parameters.instructions.flatMap((instruction) => {
      const data = hex.decode(instruction.data.replace(/^0x/, ''))
      return [
        index(instruction.programId),
        ...compactLength(instruction.keys.length),
        ...instruction.keys.map((key) => index(key.pubkey)),
        ...compactLength(data.length),
        ...data,
      ]
    }),
  ]
  return Uint8Array.from([...compactLength(1), ...new Uint8Array(64), ...message])
}
