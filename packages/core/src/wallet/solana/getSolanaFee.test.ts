import { address, type Blockhash, generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from '../../../../../scripts/devchain/startSolanaRpc'
import {
  COMPUTE_BUDGET_PROGRAM,
  encodeTestTransaction,
  systemTransfer,
  u64Bytes,
} from '../../../test/solanaTestTransactions'
import { getSolanaFee } from './getSolanaFee'

let rpc: SolanaRpc
beforeAll(async () => {
  rpc = await startSolanaRpc()
})
afterAll(() => rpc.stop())

/** A transfer of 1 lamport, with a compute-unit price when `microLamports` is given, on the node's blockhash. */
async function transaction(microLamports?: bigint) {
  const payer = (await generateKeyPairSigner()).address
  const recipient = (await generateKeyPairSigner()).address
  const budget = microLamports
    ? [
        {
          programAddress: address(COMPUTE_BUDGET_PROGRAM),
          accounts: [],
          data: Uint8Array.from([2, ...[0x30, 0x75, 0, 0]]), // 30 000 units
        },
        {
          programAddress: address(COMPUTE_BUDGET_PROGRAM),
          accounts: [],
          data: Uint8Array.from([3, ...u64Bytes(microLamports)]),
        },
      ]
    : []
  const { result } = await (
    await fetch(rpc.rpcUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash' }),
    })
  ).json()
  return encodeTestTransaction({
    payer,
    instructions: [...budget, systemTransfer(payer, recipient, 1n)],
    lifetime: { blockhash: result.value.blockhash as Blockhash, lastValidBlockHeight: 1000n },
  })
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
