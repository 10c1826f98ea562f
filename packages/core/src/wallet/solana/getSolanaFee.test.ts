import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
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
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from '../../../../../scripts/devchain/startSolanaRpc'
import { getSolanaFee } from './getSolanaFee'

let rpc: SolanaRpc
beforeAll(async () => {
  rpc = await startSolanaRpc()
})
afterAll(() => rpc.stop())

const u64 = (value: bigint) => {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, value, true)
  return [...bytes]
}

/** A transfer of 1 lamport, with a compute-unit price when `microLamports` is given. */
async function transaction(microLamports?: bigint) {
  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  const budget = microLamports
    ? [
        {
          programAddress: address('ComputeBudget111111111111111111111111111111'),
          data: Uint8Array.from([2, ...[0x30, 0x75, 0, 0]]), // 30 000 units
        },
        {
          programAddress: address('ComputeBudget111111111111111111111111111111'),
          data: Uint8Array.from([3, ...u64(microLamports)]),
        },
      ]
    : []
  const transfer = {
    programAddress: address('11111111111111111111111111111111'),
    accounts: [
      { address: payer.address, role: AccountRole.WRITABLE_SIGNER },
      { address: recipient.address, role: AccountRole.WRITABLE },
    ],
    data: Uint8Array.from([2, 0, 0, 0, ...u64(1n)]),
  }
  const { result } = await (
    await fetch(rpc.rpcUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash' }),
    })
  ).json()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(payer.address), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: result.value.blockhash as Blockhash, lastValidBlockHeight: 1000n },
        m,
      ),
    (m) => appendTransactionMessageInstructions([...budget, transfer], m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('getSolanaFee (against the litesvm JSON-RPC)', () => {
  test('default: the base fee per signature', async () => {
    expect(
      await getSolanaFee({
        cluster: { name: 'localnet', rpcUrl: rpc.rpcUrl },
        transaction: await transaction(),
      }),
    ).toBe(5000n)
  })

  test('behavior: the prioritization fee the compute-budget instructions set is included', async () => {
    // 30 000 units × 1 000 000 micro-lamports / 10^6 = 30 000 lamports.
    const fee = await getSolanaFee({
      cluster: { name: 'localnet', rpcUrl: rpc.rpcUrl },
      transaction: await transaction(1_000_000n),
    })
    expect(fee).toBe(35_000n)
  })

  test('error: an unreachable RPC rejects', async () => {
    await expect(
      getSolanaFee({
        cluster: { name: 'x', rpcUrl: 'http://127.0.0.1:1' },
        transaction: await transaction(),
      }),
    ).rejects.toThrow()
  })
})
