import { AccountRole, address, generateKeyPairSigner } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import {
  COMPUTE_BUDGET_PROGRAM,
  encodeTestTransaction,
  MEMO_PROGRAM,
  SYSTEM_PROGRAM,
  systemTransfer,
  type TestInstruction,
  u64Bytes,
} from '../../../test/solanaTestTransactions'
import { SolanaTransactionError } from '../errors/SolanaTransactionError'
import { summarizeSolanaTransaction } from './summarizeSolanaTransaction'

/** A v0 transaction paid by a fresh key, of `build(payer)`'s instructions. */
async function transactionOf(build: (payer: string) => TestInstruction[]) {
  const payer = (await generateKeyPairSigner()).address
  return { bytes: encodeTestTransaction({ payer, instructions: build(payer) }), payer }
}

/** An instruction of `program` with `data` over `accounts` (the first the payer, signing). */
function instruction(program: string, data: number[] | Uint8Array, accounts: string[]): TestInstruction {
  return {
    programAddress: address(program),
    accounts: accounts.map((account, index) => ({
      address: address(account),
      role: index === 0 ? AccountRole.WRITABLE_SIGNER : AccountRole.WRITABLE,
    })),
    data: Uint8Array.from(data),
  }
}

const SYSTEM = SYSTEM_PROGRAM
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const COMPUTE_BUDGET = COMPUTE_BUDGET_PROGRAM
const MEMO = MEMO_PROGRAM
const OTHER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const u64 = u64Bytes

/** A system transfer of `amount` lamports between two fresh keys, in a v0 or legacy message. */
async function transfer(amount: bigint, version: 0 | 'legacy' = 0) {
  const payer = (await generateKeyPairSigner()).address
  const recipient = (await generateKeyPairSigner()).address
  const bytes = encodeTestTransaction({
    payer,
    instructions: [systemTransfer(payer, recipient, amount)],
    version,
  })
  return { bytes, payer, recipient }
}

describe('summarizeSolanaTransaction', () => {
  test('default: a v0 system transfer', async () => {
    const { bytes, payer, recipient } = await transfer(1_000_000n)
    expect(summarizeSolanaTransaction(bytes, payer)).toEqual({
      feePayer: payer,
      signers: [payer],
      instructions: [{ action: 'transfer', from: payer, to: recipient, amount: 1_000_000n }],
      fee: 5000n,
      priorityFee: 0n,
      total: 1_005_000n,
      spender: undefined,
      unsupportedPrograms: [],
    })
  })

  test('behavior: legacy messages read the same', async () => {
    const { bytes, payer } = await transfer(42n, 'legacy')
    expect(summarizeSolanaTransaction(bytes, payer).instructions).toMatchObject([
      { action: 'transfer', amount: 42n },
    ])
  })

  test("error: 'Transaction does not contain public key {key}'", async () => {
    const { bytes } = await transfer(1n)
    const stranger = (await generateKeyPairSigner()).address
    expect(() => summarizeSolanaTransaction(bytes, stranger)).toThrow(
      `Transaction does not contain public key ${stranger}`,
    )
  })

  test('error: a truncated transaction is malformed', async () => {
    const { bytes, payer } = await transfer(1n)
    expect(() => summarizeSolanaTransaction(bytes.subarray(0, 90), payer)).toThrow(
      'The Solana transaction is malformed.',
    )
  })

  test('behavior: an instruction of another program is listed as unsupported, unless opted in', async () => {
    const { bytes, payer } = await transactionOf((payer) => [
      systemTransfer(payer, OTHER, 10n),
      instruction(MEMO, [104, 105], [payer]),
    ])
    const summary = summarizeSolanaTransaction(bytes, payer)
    expect(summary.instructions[1]).toEqual({ action: 'unknown', programId: MEMO, allowed: false })
    expect(summary.unsupportedPrograms).toEqual([MEMO])
    const allowed = summarizeSolanaTransaction(bytes, payer, { allowedPrograms: [MEMO] })
    expect(allowed.instructions[1]).toEqual({ action: 'unknown', programId: MEMO, allowed: true })
    expect(allowed.unsupportedPrograms).toEqual([])
  })

  test('behavior: a system instruction other than a transfer is not confirmed', async () => {
    // CreateAccount (index 0) moves lamports too, but is not a transfer.
    const { bytes, payer } = await transactionOf((payer) => [
      instruction(SYSTEM, [0, 0, 0, 0, ...u64(1n), ...u64(0n), ...new Array(32).fill(1)], [payer, OTHER]),
    ])
    expect(summarizeSolanaTransaction(bytes, payer).unsupportedPrograms).toEqual([SYSTEM])
  })

  test('behavior: token Approve and ApproveChecked (spender, owner, amount, decimals, mint)', async () => {
    const max = 2n ** 64n - 1n
    const { bytes, payer } = await transactionOf((payer) => [
      instruction(TOKEN, [4, ...u64(1_000_000n)], [OTHER, MINT, payer]),
      instruction(TOKEN, [13, ...u64(max), 6], [OTHER, MINT, MEMO, payer]),
    ])
    const summary = summarizeSolanaTransaction(bytes, payer)
    expect(summary.instructions).toEqual([
      { action: 'approve', source: OTHER, spender: MINT, owner: payer, amount: 1_000_000n },
      { action: 'approve', source: OTHER, spender: MEMO, owner: payer, amount: max, decimals: 6, mint: MINT },
    ])
    expect(summary.spender).toBe(MINT)
    expect(summary.unsupportedPrograms).toEqual([])
  })

  test('behavior: the priority fee from SetComputeUnitLimit and SetComputeUnitPrice, rounded up', async () => {
    const { bytes, payer } = await transactionOf((payer) => [
      instruction(COMPUTE_BUDGET, [2, ...[0x40, 0x0d, 0x03, 0x00]], [payer]), // 200 000 units
      instruction(COMPUTE_BUDGET, [3, ...u64(1_500_001n)], [payer]), // micro-lamports per unit
      systemTransfer(payer, OTHER, 1n),
    ])
    const summary = summarizeSolanaTransaction(bytes, payer)
    // 1 500 001 × 200 000 / 10^6 = 300 000.2 → 300 001
    expect(summary.priorityFee).toBe(300_001n)
    expect(summary.fee).toBe(305_001n)
    expect(summary.total).toBe(305_002n)
    expect(summary.instructions).toHaveLength(1)
  })

  test('behavior: without a limit the priority fee counts 200 000 units per instruction', async () => {
    const { bytes, payer } = await transactionOf((payer) => [
      instruction(COMPUTE_BUDGET, [3, ...u64(1_000_000n)], [payer]),
      systemTransfer(payer, OTHER, 1n),
      systemTransfer(payer, OTHER, 1n),
    ])
    expect(summarizeSolanaTransaction(bytes, payer).priorityFee).toBe(400_000n)
  })

  test.each([
    [
      'solana_missing_instruction_data',
      'Missing instruction data',
      (p: string) => instruction(SYSTEM, [], [p]),
    ],
    ['solana_missing_from_key', 'Missing from key', () => instruction(SYSTEM, [2, 0, 0, 0, ...u64(1n)], [])],
    [
      'solana_missing_to_key',
      'Missing to key',
      (p: string) => instruction(SYSTEM, [2, 0, 0, 0, ...u64(1n)], [p]),
    ],
    [
      'solana_missing_lamports',
      'Missing lamports',
      (p: string) => instruction(SYSTEM, [2, 0, 0, 0], [p, OTHER]),
    ],
    [
      'solana_missing_owner_key',
      'Missing owner key',
      (p: string) => instruction(TOKEN, [4, ...u64(1n)], [p, OTHER]),
    ],
    [
      'solana_missing_instruction_data',
      'Missing instruction data',
      (p: string) => instruction(TOKEN, [], [p]),
    ],
  ])('error: %s (%s)', async (code, message, build) => {
    const { bytes, payer } = await transactionOf((payer) => [build(payer)])
    let caught: unknown
    try {
      summarizeSolanaTransaction(bytes, payer)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(SolanaTransactionError)
    expect(caught).toMatchObject({
      code,
      shortMessage: message,
      details: expect.stringMatching(/^instruction 1 \(/),
    })
  })
})
