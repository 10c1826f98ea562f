import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { summarizeSolanaTransaction } from './summarizeSolanaTransaction'

const lifetime = {
  blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash,
  lastValidBlockHeight: 100n,
}

/** The system program's transfer instruction: index 2 (u32), then the lamports (u64), little-endian. */
function systemTransfer(from: string, to: string, amount: bigint) {
  const data = new Uint8Array(12)
  new DataView(data.buffer).setUint32(0, 2, true)
  new DataView(data.buffer).setBigUint64(4, amount, true)
  return {
    programAddress: address('11111111111111111111111111111111'),
    accounts: [
      { address: address(from), role: AccountRole.WRITABLE_SIGNER },
      { address: address(to), role: AccountRole.WRITABLE },
    ],
    data,
  }
}

async function transfer(amount: bigint, version: 0 | 'legacy' = 0) {
  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer.address), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstruction(systemTransfer(payer.address, recipient.address, amount), m),
  )
  const bytes = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
  return { bytes, payer: payer.address, recipient: recipient.address }
}

describe('summarizeSolanaTransaction', () => {
  test('default: a v0 system transfer', async () => {
    const { bytes, payer, recipient } = await transfer(1_000_000n)
    expect(summarizeSolanaTransaction(bytes, payer)).toEqual({
      feePayer: payer,
      signers: [payer],
      instructions: [{ action: 'transfer', from: payer, to: recipient, amount: 1_000_000n }],
      fee: 5000n,
      total: 1_005_000n,
      spender: undefined,
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
})
