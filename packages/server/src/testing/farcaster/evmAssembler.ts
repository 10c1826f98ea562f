import type { Hex } from 'viem'

/** The opcodes the stand-in contracts use (Ethereum Yellow Paper, appendix H), by mnemonic. */
const opcodes: Record<string, number> = {
  STOP: 0x00,
  LT: 0x10,
  GT: 0x11,
  EQ: 0x14,
  ISZERO: 0x15,
  AND: 0x16,
  SHL: 0x1b,
  SHR: 0x1c,
  SHA3: 0x20,
  CALLDATALOAD: 0x35,
  CALLDATASIZE: 0x36,
  CODECOPY: 0x39,
  POP: 0x50,
  MLOAD: 0x51,
  MSTORE: 0x52,
  SLOAD: 0x54,
  JUMP: 0x56,
  JUMPI: 0x57,
  GAS: 0x5a,
  JUMPDEST: 0x5b,
  DUP1: 0x80,
  SWAP1: 0x90,
  STATICCALL: 0xfa,
  RETURN: 0xf3,
  REVERT: 0xfd,
  // The bridge stand-in's test token (testing/bridge/testToken.ts).
  ADD: 0x01,
  SUB: 0x03,
  CALLER: 0x33,
  SSTORE: 0x55,
  DUP2: 0x81,
  DUP3: 0x82,
  DUP5: 0x84,
  LOG3: 0xa3,
}

/**
 * Assembles EVM bytecode from mnemonics, one instruction per line (`;` starts a comment): `PUSHn 0x…`
 * (n = 1..32, the value left-padded to n bytes), `PUSH2 @label` (a jump target), `label:` (a `JUMPDEST`
 * named `label`), and the other mnemonics of the table above. For the small stand-in contracts of the
 * Farcaster tests, so that no Solidity compiler runs (their Solidity source sits beside, for reading).
 * Throws `Error` on an unknown mnemonic, a value that does not fit, or an unknown label.
 *
 * @example assembleEvm('PUSH1 0x20\nPUSH1 0x00\nRETURN') // '0x60206000f3'
 */
export function assembleEvm(source: string): Hex {
  const bytes: number[] = []
  const labels = new Map<string, number>()
  const fixups: { at: number; label: string }[] = []
  for (const rawLine of source.split('\n')) {
    const line = (rawLine.split(';')[0] ?? '').trim()
    if (!line) continue
    const label = /^([A-Za-z_][\w]*):$/.exec(line)
    if (label) {
      labels.set(label[1] as string, bytes.length)
      bytes.push(opcodes.JUMPDEST as number)
      continue
    }
    const [mnemonic = '', operand] = line.split(/\s+/)
    const push = /^PUSH([1-9]|[12][0-9]|3[0-2])$/.exec(mnemonic)
    if (push) {
      const size = Number(push[1])
      if (operand === undefined) throw new Error(`${mnemonic} needs a value`)
      bytes.push(0x5f + size)
      if (operand.startsWith('@')) {
        if (size !== 2) throw new Error('Labels are pushed with PUSH2')
        fixups.push({ at: bytes.length, label: operand.slice(1) })
        bytes.push(0, 0)
        continue
      }
      const hex = BigInt(operand).toString(16)
      if (hex.length > size * 2) throw new Error(`${operand} does not fit in ${mnemonic}`)
      const padded = hex.padStart(size * 2, '0')
      for (let index = 0; index < size; index++)
        bytes.push(Number.parseInt(padded.slice(index * 2, index * 2 + 2), 16))
      continue
    }
    const opcode = opcodes[mnemonic]
    if (opcode === undefined || operand !== undefined) throw new Error(`Unknown instruction '${line}'`)
    bytes.push(opcode)
  }
  for (const { at, label } of fixups) {
    const target = labels.get(label)
    if (target === undefined) throw new Error(`Unknown label '${label}'`)
    bytes[at] = target >> 8
    bytes[at + 1] = target & 0xff
  }
  return `0x${Buffer.from(bytes).toString('hex')}`
}

/**
 * Instruction sequences the stand-in contracts share, as {@link assembleEvm} source to splice into theirs.
 * Memory 0x00–0x3f is their scratch space; mapping slots follow Solidity's storage layout
 * (`keccak256(key ‖ slot)`).
 */
export const evmSnippets = {
  /** Pushes the call's 4-byte function selector (the first calldata word shifted right by 28 bytes). */
  selector: 'PUSH1 0x00\nCALLDATALOAD\nPUSH1 0xe0\nSHR',
  /** Pushes the 32-byte call argument number `index` (0-based, after the 4-byte selector). */
  argument: (index: number): string =>
    `PUSH1 0x${(4 + 32 * index).toString(16).padStart(2, '0')}\nCALLDATALOAD`,
  /** Pops a key and pushes its slot in the mapping at storage slot `slot` (0–255): `keccak256(key ‖ slot)`. */
  mappingSlot: (slot: number): string =>
    `PUSH1 0x00\nMSTORE\nPUSH1 0x${slot.toString(16).padStart(2, '0')}\nPUSH1 0x20\nMSTORE\nPUSH1 0x40\nPUSH1 0x00\nSHA3`,
  /**
   * Pops an outer mapping's slot and pushes the slot of the inner key that `key` (source) pushes:
   * `keccak256(key ‖ outer)`, a `mapping(… => mapping(… => …))`'s second level.
   */
  innerMappingSlot: (key: string): string =>
    `PUSH1 0x20\nMSTORE\n${key}\nPUSH1 0x00\nMSTORE\nPUSH1 0x40\nPUSH1 0x00\nSHA3`,
  /** Pops a word and returns it as the call's 32-byte answer. */
  returnWord: 'PUSH1 0x00\nMSTORE\nPUSH1 0x20\nPUSH1 0x00\nRETURN',
  /**
   * Jumps to the label of the selector on top of the stack (it stays there) for each `[selector, label]`;
   * falls through when none matches.
   */
  dispatch: (entries: readonly (readonly [selector: string, label: string])[]): string =>
    entries.map(([selector, label]) => `DUP1\nPUSH4 ${selector}\nEQ\nPUSH2 @${label}\nJUMPI`).join('\n'),
} as const
