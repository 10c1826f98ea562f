import { createTestClient, createWalletClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { useAnvilChain } from '../../../test/useAnvilChain'
import { TransactionError } from '../errors/TransactionError'
import { waitForTransactionReceipt } from './waitForTransactionReceipt'

const local = useAnvilChain()

/** A funded account and clients on the test's anvil. */
async function funded() {
  const account = privateKeyToAccount(generatePrivateKey())
  const testClient = createTestClient({ mode: 'anvil', transport: http(local.anvil.rpcUrl) })
  await testClient.setBalance({ address: account.address, value: parseEther('1') })
  const wallet = createWalletClient({ account, chain: foundry, transport: http(local.anvil.rpcUrl) })
  return { account, testClient, wallet }
}

describe('waitForTransactionReceipt (against anvil)', () => {
  test('default: the receipt carries every field, with confirmations and byzantium', async () => {
    const { account, testClient, wallet } = await funded()
    const hash = await wallet.sendTransaction({ to: account.address, value: 1n })
    await testClient.mine({ blocks: 2 })
    const receipt = await waitForTransactionReceipt({ chain: local.chain, hash })
    expect(Object.keys(receipt).sort()).toEqual(
      [
        'to',
        'from',
        'contractAddress',
        'transactionIndex',
        'root',
        'logsBloom',
        'blockHash',
        'transactionHash',
        'logs',
        'blockNumber',
        'confirmations',
        'byzantium',
        'type',
        'status',
        'gasUsed',
        'cumulativeGasUsed',
        'effectiveGasPrice',
      ].sort(),
    )
    expect(receipt).toMatchObject({
      transactionHash: hash,
      from: account.address.toLowerCase(),
      status: 'success',
      type: 'eip1559',
      byzantium: true,
      root: undefined,
      contractAddress: null,
      gasUsed: 21_000n,
      cumulativeGasUsed: 21_000n,
      logs: [],
    })
    // Mined in the first of the 2 blocks: the head is one further.
    expect(receipt.confirmations).toBe(3)
    expect(receipt.blockHash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  test("error: a transaction replaced by one of the same nonce and a higher fee → 'transaction_replaced' with both hashes", async () => {
    const { account, testClient, wallet } = await funded()
    await testClient.setAutomine(false)
    try {
      const fees = { maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
      const hash = await wallet.sendTransaction({
        to: account.address,
        value: 1n,
        nonce: 0,
        gas: 21_000n,
        ...fees,
      })
      const waiting = waitForTransactionReceipt({ chain: local.chain, hash, timeoutMs: 20_000 })
      waiting.catch(() => {})
      // The wait reads the pending transaction first (every 250 ms), then it is replaced and mined.
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const replacement = await wallet.sendTransaction({
        to: account.address,
        value: 0n,
        nonce: 0,
        gas: 21_000n,
        maxFeePerGas: 6_000_000_000n,
        maxPriorityFeePerGas: 3_000_000_000n,
      })
      await testClient.mine({ blocks: 1 })
      const error = await waiting.then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(TransactionError)
      expect(error).toMatchObject({ code: 'transaction_replaced', hash, replacement, reason: 'cancelled' })
    } finally {
      await testClient.setAutomine(true)
    }
  })
})
