import { simple7702AccountAddress } from '@foyer/protocol'
import {
  createPublicClient,
  http,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deriveEthereumAccount } from '../../keys/deriveEthereumAccount'
import { seedFromMnemonic } from '../../keys/seedFromMnemonic'
import { type Anvil, startAnvil } from '../../test/startAnvil'
import { handleEthereumRpc } from './handleEthereumRpc'

// 'test test … junk' account 0 is funded on anvil.
let account: ReturnType<typeof deriveEthereumAccount>
let poor: ReturnType<typeof deriveEthereumAccount>
let anvil: Anvil

beforeAll(async () => {
  const seed = await seedFromMnemonic('test test test test test test test test test test test junk')
  account = deriveEthereumAccount(seed, 0)
  poor = deriveEthereumAccount(await seedFromMnemonic('all all all all all all all all all all all all'), 0)
  anvil = await startAnvil()
}, 30_000)
afterAll(async () => {
  await anvil?.stop()
})

const typedData = {
  domain: {
    name: 'Foyer',
    version: '1',
    chainId: 31337,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'string' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { from: 'Alice', contents: 'Hello, Bob!' },
} as const

describe('handleEthereumRpc', () => {
  test('default: personal_sign (hex and text) verifies with viem', async () => {
    const hex = await handleEthereumRpc({
      account,
      method: 'personal_sign',
      params: ['0x68656c6c6f', account.address],
    })
    expect(
      await verifyMessage({ address: account.address, message: 'hello', signature: hex as `0x${string}` }),
    ).toBe(true)
    const text = await handleEthereumRpc({
      account,
      method: 'personal_sign',
      params: ['hello', account.address],
    })
    expect(text).toBe(hex)
  })

  test('default: eth_signTypedData_v4 (JSON string) verifies with viem', async () => {
    const signature = await handleEthereumRpc({
      account,
      method: 'eth_signTypedData_v4',
      params: [account.address, JSON.stringify(typedData)],
    })
    const { EIP712Domain: _domain, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address: account.address,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  test('default: eth_signTransaction with every field signs offline', async () => {
    const serialized = (await handleEthereumRpc({
      account,
      method: 'eth_signTransaction',
      params: [
        {
          to: poor.address,
          value: '0x2386f26fc10000',
          gas: 21000,
          maxFeePerGas: 2_000_000_000n,
          maxPriorityFeePerGas: '0x3b9aca00',
          nonce: '0x0',
          chainId: '0x7a69',
        },
      ],
    })) as `0x${string}`
    const parsed = parseTransaction(serialized)
    expect(parsed).toMatchObject({
      type: 'eip1559',
      chainId: 31337,
      value: parseEther('0.01'),
      gas: 21000n,
      nonce: 0,
    })
    expect(await recoverTransactionAddress({ serializedTransaction: serialized as never })).toBe(
      account.address,
    )
  })

  test('behavior: eth_sendTransaction fills nonce, gas and fees from the chain RPC and lands on anvil', async () => {
    const chains = [{ id: 31337, rpcUrl: anvil.rpcUrl }]
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await client.getBalance({ address: poor.address })
    const hash = (await handleEthereumRpc({
      account,
      method: 'eth_sendTransaction',
      params: [{ from: account.address, to: poor.address, value: '0x2386f26fc10000' }],
      chainId: 31337,
      chains,
    })) as `0x${string}`
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: poor.address })).toBe(before + parseEther('0.01'))
    // eth_signTransaction fills missing fields the same way.
    const signed = (await handleEthereumRpc({
      account,
      method: 'eth_signTransaction',
      params: [{ to: poor.address, value: 1 }],
      chainId: 31337,
      chains,
    })) as `0x${string}`
    expect(parseTransaction(signed).nonce).toBe(1)
  })

  test('error: a short balance is insufficient_funds with the documented text', async () => {
    const failure = await handleEthereumRpc({
      account: poor,
      method: 'eth_sendTransaction',
      params: [{ to: account.address, value: '0x56bc75e2d63100000' }],
      chainId: 31337,
      chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }],
    }).catch((error) => error)
    expect(failure).toMatchObject({
      type: 'insufficient_funds',
      message: 'Wallet has insufficient funds for this transaction.',
    })
  })

  test("error: a transaction the node refuses carries the node's own text ('nonce too low'), code -32603", async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    await client.waitForTransactionReceipt({
      hash: (await handleEthereumRpc({
        account,
        method: 'eth_sendTransaction',
        params: [{ to: poor.address, value: 1 }],
        chainId: 31337,
        chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }],
      })) as `0x${string}`,
    })
    // Every field given: nothing is filled from the chain, the node sees the used nonce 0.
    const failure = await handleEthereumRpc({
      account,
      method: 'eth_sendTransaction',
      params: [
        {
          to: poor.address,
          value: 1,
          nonce: 0,
          gas: 21_000,
          maxFeePerGas: '0x77359400',
          maxPriorityFeePerGas: '0x3b9aca00',
        },
      ],
      chainId: 31337,
      chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }],
    }).catch((error) => error)
    expect(failure).toMatchObject({ type: 'error', code: -32603 })
    expect((failure as Error).message).toMatch(/nonce too low/i)
  })

  test('default: eth_chainId and wallet_switchEthereumChain (configured chains only)', async () => {
    const chains = [
      { id: 31337, rpcUrl: 'http://127.0.0.1:8545' },
      { id: 1, rpcUrl: 'https://eth.example' },
    ]
    expect(
      await handleEthereumRpc({ account, method: 'eth_chainId', params: [], chainId: 31337, chains }),
    ).toBe('0x7a69')
    expect(await handleEthereumRpc({ account, method: 'eth_chainId', params: [], chains })).toBe('0x7a69')
    expect(
      await handleEthereumRpc({
        account,
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x1' }],
        chains,
      }),
    ).toBeNull()
    await expect(
      handleEthereumRpc({
        account,
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x89' }],
        chains,
      }),
    ).rejects.toMatchObject({ code: 4902, message: 'Unsupported chainId' })
  })

  test('error: params not an array, or an unknown method → 4200', async () => {
    await expect(
      handleEthereumRpc({ account, method: 'personal_sign', params: { message: 'hello' } }),
    ).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      code: 4200,
      message: 'Params must be an array',
    })
    await expect(
      handleEthereumRpc({ account, method: 'eth_accounts_steal', params: [] }),
    ).rejects.toMatchObject({
      code: 4200,
    })
  })

  test("error: quantities must be numbers, bigints or hex strings (docs/limits.md); 'from' must be this wallet", async () => {
    await expect(
      handleEthereumRpc({
        account,
        method: 'eth_signTransaction',
        params: [{ to: poor.address, value: '1000' }],
        chainId: 1,
      }),
    ).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message:
        "Transaction request property 'value' must be a valid number, bigint, or hex string representing a quantity",
    })
    await expect(
      handleEthereumRpc({
        account,
        method: 'eth_signTransaction',
        params: [{ from: poor.address, to: poor.address }],
        chainId: 1,
      }),
    ).rejects.toMatchObject({ message: 'Transaction `from` is not this wallet' })
    await expect(
      handleEthereumRpc({ account, method: 'personal_sign', params: ['', account.address] }),
    ).rejects.toMatchObject({ message: 'Message must be a non-empty string' })
    await expect(
      handleEthereumRpc({
        account,
        method: 'eth_signTransaction',
        params: [{ to: poor.address }],
        chainId: 5,
      }),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' })
  })

  test('default: eth_sign7702Authorization signs a delegation to Simple7702Account that recovers to the wallet', async () => {
    const signed = (await handleEthereumRpc({
      account,
      method: 'eth_sign7702Authorization',
      params: [{ contractAddress: simple7702AccountAddress, chainId: 31337, nonce: 3 }],
    })) as {
      address: `0x${string}`
      chainId: number
      nonce: number
      r: `0x${string}`
      s: `0x${string}`
      yParity: number
    }
    expect(signed).toMatchObject({ address: simple7702AccountAddress, chainId: 31337, nonce: 3 })
    expect(await recoverAuthorizationAddress({ authorization: signed })).toBe(account.address)
  })

  test('security: eth_sign7702Authorization refuses another contract, every chain (0) and a missing nonce', async () => {
    const sign = (params: object) =>
      handleEthereumRpc({ account, method: 'eth_sign7702Authorization', params: [params] })
    await expect(
      sign({ contractAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 31337, nonce: 0 }),
    ).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: expect.stringMatching(/Simple7702Account/),
    })
    await expect(
      sign({ contractAddress: simple7702AccountAddress, chainId: 0, nonce: 0 }),
    ).rejects.toMatchObject({
      type: 'invalid_request_arguments',
    })
    await expect(sign({ contractAddress: simple7702AccountAddress, chainId: 31337 })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
    })
  })
})
