import { type Address, createTestClient, http, isErc6492Signature, parseAbi, parseEther } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { localAaStackForFile } from '../../../../scripts/devchain/localAaStack'
import type { FoyerChain } from '../chains/FoyerChain'
import { describeCall } from '../wallet/transactions/analyzeTransaction'
import { buildSmartWallet } from './createSmartWalletClient'
import { SmartWalletError } from './SmartWalletError'
import {
  carriesPaymasterData,
  createApprovedSignatureGate,
  prepareCalls,
  sendPreparedCalls,
} from './sendCalls'

// The smart wallet the SDK builds (docs/smart-wallets.md#the-client), on anvil with the local bundler and
// mock paymaster (docs/smart-wallets-local.md): a Safe 1.4.1 owned by a fresh key.

const entryPointAbi = parseAbi(['function balanceOf(address account) view returns (uint256)'])

const local = localAaStackForFile()

function safeWallet(options: { sponsored: boolean; ownerKey?: `0x${string}`; paymasterUrl?: string }) {
  return buildSmartWallet({
    type: 'safe',
    chain: anvilChain,
    publicClient: local.publicClient,
    network: {
      bundler_url: local.stack.bundlerUrl,
      ...(options.sponsored ? { paymaster_url: options.paymasterUrl ?? local.stack.paymasterUrl } : {}),
    },
    owner: privateKeyToAccount(options.ownerKey ?? generatePrivateKey()),
  })
}

describe('buildSmartWallet on the local ERC-4337 stack', () => {
  test('default: a Safe holding 0 ETH sends a sponsored call; the paymaster deposit pays, the Safe is deployed by it', async () => {
    const { client, account } = await safeWallet({ sponsored: true })
    expect(await local.publicClient.getCode({ address: account.address })).toBeUndefined()
    const recipient = privateKeyToAccount(generatePrivateKey()).address

    const hash = await client.sendTransaction({ to: recipient, value: 0n, data: '0x' })

    const receipt = await local.publicClient.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await local.publicClient.getCode({ address: account.address })).toBeDefined()
    expect(await local.publicClient.getBalance({ address: account.address })).toBe(0n)
    expect(
      await local.publicClient.readContract({
        address: entryPoint07Address,
        abi: entryPointAbi,
        functionName: 'balanceOf',
        args: [account.address],
      }),
    ).toBe(0n)
  }, 60_000)

  test('default: a batch of two calls goes in one user operation; both recipients are paid', async () => {
    const { client, account } = await safeWallet({ sponsored: true })
    await createTestClient({ mode: 'anvil', transport: http(local.anvil.rpcUrl) }).setBalance({
      address: account.address,
      value: parseEther('1'),
    })
    const [first, second] = [generatePrivateKey(), generatePrivateKey()].map(
      (key) => privateKeyToAccount(key).address,
    ) as [Address, Address]

    const operation = await client.sendUserOperation({
      calls: [
        { to: first, value: 1n },
        { to: second, value: 2n },
      ],
    })
    const receipt = await client.waitForUserOperationReceipt({ hash: operation, timeout: 30_000 })

    expect(receipt.success).toBe(true)
    expect(await local.publicClient.getBalance({ address: first })).toBe(1n)
    expect(await local.publicClient.getBalance({ address: second })).toBe(2n)
    // Sponsored: the Safe paid only the 3 wei it sent.
    expect(await local.publicClient.getBalance({ address: account.address })).toBe(parseEther('1') - 3n)
  }, 60_000)

  test('default: signMessage is ERC-6492 before deployment and ERC-1271 after; both verify on the chain', async () => {
    const { client, account } = await safeWallet({ sponsored: true })
    const message = 'Foyer smart wallet'
    const before = await client.signMessage({ message })
    expect(isErc6492Signature(before)).toBe(true)
    expect(
      await local.publicClient.verifyMessage({ address: account.address, message, signature: before }),
    ).toBe(true)

    await client.sendTransaction({ to: account.address, value: 0n, data: '0x' })
    const after = await client.signMessage({ message })
    expect(isErc6492Signature(after)).toBe(false)
    expect(
      await local.publicClient.verifyMessage({ address: account.address, message, signature: after }),
    ).toBe(true)
    expect(
      await local.publicClient.verifyMessage({
        address: account.address,
        message: 'something else',
        signature: after,
      }),
    ).toBe(false)
  }, 60_000)

  test('error: a type whose factory has no code on the chain is refused with smart_wallet_type_unavailable, naming it', async () => {
    const refused = await buildSmartWallet({
      type: 'kernel',
      chain: anvilChain,
      publicClient: local.publicClient,
      network: { bundler_url: local.stack.bundlerUrl },
      owner: privateKeyToAccount(generatePrivateKey()),
    }).catch((error: unknown) => error)

    expect(refused).toBeInstanceOf(SmartWalletError)
    expect(refused).toMatchObject({ code: 'smart_wallet_type_unavailable' })
    expect((refused as Error).message).toMatch(
      /^The kernel smart wallet's factory 0x[0-9a-fA-F]{40} has no code on chain 31337/,
    )
  }, 30_000)
})

describe('the user-operation confirmation: prepareCalls, then sendPreparedCalls, on the local stack', () => {
  const foyerChain = (): FoyerChain => ({
    id: 31337,
    name: 'Anvil',
    rpcUrl: local.anvil.rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  })
  const prepare = async (
    wallet: Awaited<ReturnType<typeof safeWallet>>,
    calls: { to: Address; value?: bigint; data?: `0x${string}` }[],
  ) =>
    prepareCalls({
      chain: foyerChain(),
      account: wallet.account,
      calls,
      sponsoredClient: wallet.client === wallet.selfPaidClient ? undefined : wallet.client,
      selfPaidClient: wallet.selfPaidClient,
      decode: (request) => describeCall({ publicClient: local.publicClient, chain: foyerChain(), request }),
    })

  test("default: the paymaster's data is on the operation, so it is 'sponsored' (fee 0); the Safe holding 0 ETH sends it as prepared", async () => {
    const wallet = await safeWallet({ sponsored: true })
    const recipient = privateKeyToAccount(generatePrivateKey()).address

    const prepared = await prepare(wallet, [{ to: recipient, value: 0n }])

    expect(carriesPaymasterData(prepared.operation)).toBe(true)
    expect(prepared.preview).toMatchObject({
      sponsored: true,
      fee: 0n,
      total: 0n,
      balance: 0n,
      insufficientFunds: false,
    })
    expect(prepared.preview.paymasterError).toBeUndefined()
    const signature = await wallet.account.signUserOperation(prepared.operation)
    const result = await sendPreparedCalls(prepared, wallet.account, signature, 30_000)
    expect(result.success).toBe(true)
    expect(result.userOperationHash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await local.publicClient.getTransactionReceipt({ hash: result.transactionHash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(entryPoint07Address.toLowerCase())
    expect(await local.publicClient.getBalance({ address: wallet.account.address })).toBe(0n)
  }, 60_000)

  test('paymaster unreachable: the operation has no paymaster data, the preview shows the real fee, and the Safe pays it', async () => {
    // Nothing listens on port 1: the paymaster is off.
    const wallet = await safeWallet({ sponsored: true, paymasterUrl: 'http://127.0.0.1:1' })
    await createTestClient({ mode: 'anvil', transport: http(local.anvil.rpcUrl) }).setBalance({
      address: wallet.account.address,
      value: parseEther('1'),
    })
    const recipient = privateKeyToAccount(generatePrivateKey()).address

    const prepared = await prepare(wallet, [{ to: recipient, value: 5n }])

    expect(carriesPaymasterData(prepared.operation)).toBe(false)
    const { preview } = prepared
    expect(preview.sponsored).toBe(false)
    expect(preview.paymasterError).toBeTruthy()
    expect(preview.fee).toBe(preview.gas * preview.feePerGas)
    expect(preview.fee).toBeGreaterThan(0n)
    expect(preview.total).toBe(preview.fee + 5n)
    expect(preview.balance).toBe(parseEther('1'))

    const signature = await wallet.account.signUserOperation(prepared.operation)
    const result = await sendPreparedCalls(prepared, wallet.account, signature, 30_000)
    expect(result.success).toBe(true)
    expect(await local.publicClient.getBalance({ address: recipient })).toBe(5n)
    const left = await local.publicClient.getBalance({ address: wallet.account.address })
    // The Safe paid the fee itself: more than nothing, at most the preview's fee.
    expect(parseEther('1') - 5n - left).toBeGreaterThan(0n)
    expect(parseEther('1') - 5n - left).toBeLessThanOrEqual(preview.fee)
  }, 60_000)

  test('no paymaster configured: not sponsored, no paymaster error; a batch decodes each call as the transaction confirmation does', async () => {
    const wallet = await safeWallet({ sponsored: false })
    const token = '0x1111111111111111111111111111111111111111' as const
    const transfer =
      `0xa9059cbb${'00'.repeat(12)}${'22'.repeat(20)}${7n.toString(16).padStart(64, '0')}` as const
    await createTestClient({ mode: 'anvil', transport: http(local.anvil.rpcUrl) }).setBalance({
      address: wallet.account.address,
      value: parseEther('1'),
    })

    const prepared = await prepare(wallet, [
      { to: privateKeyToAccount(generatePrivateKey()).address, value: 1n },
      { to: token, data: transfer },
    ])

    expect(prepared.preview.sponsored).toBe(false)
    expect(prepared.preview.paymasterError).toBeUndefined()
    expect(prepared.preview.calls).toHaveLength(2)
    expect(prepared.preview.calls[0]?.action).toBeUndefined()
    expect(prepared.preview.calls[1]?.action).toMatchObject({
      action: 'transfer',
      functionName: 'transfer',
      amount: 7n,
    })
  }, 60_000)

  test("createApprovedSignatureGate: the approved operation's owner signature skips the screen, once; nothing else does", async () => {
    // The owner: anvil's 6th dev account, signing in anvil (EIP-1193 requests forwarded to it) when the gate
    // admits the request; anything else would go to the sign request screen (recorded here, and refused).
    const ownerAddress = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
    const gate = createApprovedSignatureGate()
    const screen: string[] = []
    const owner = {
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ownerAddress]
        if (method === 'eth_chainId') return '0x7a69'
        if (!gate.take({ method, params })) {
          screen.push(method)
          throw new Error('the sign request screen')
        }
        const response = await fetch(local.anvil.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        })
        return ((await response.json()) as { result: unknown }).result
      },
    }
    const wallet = await buildSmartWallet({
      type: 'safe',
      chain: anvilChain,
      publicClient: local.publicClient,
      network: { bundler_url: local.stack.bundlerUrl, paymaster_url: local.stack.paymasterUrl },
      owner,
    })
    const prepared = await prepare(wallet, [
      { to: privateKeyToAccount(generatePrivateKey()).address, value: 0n },
    ])

    // Nothing approved: a signature goes to the screen.
    await expect(wallet.account.signMessage({ message: 'hello' })).rejects.toThrow()
    expect(screen).toHaveLength(1)
    const signature = await gate.signApproved(wallet.account, prepared.operation, 31337)
    expect(screen).toHaveLength(1)
    // Approved once: the next signature goes to the screen again.
    await expect(wallet.account.signMessage({ message: 'hello' })).rejects.toThrow()
    expect(screen).toHaveLength(2)
    // The signature is the operation's: the bundler takes it and the operation succeeds.
    const result = await sendPreparedCalls(prepared, wallet.account, signature, 30_000)
    expect(result.success).toBe(true)
  }, 60_000)

  test('carriesPaymasterData: v0.7 paymaster with data, v0.6 non-empty paymasterAndData; nothing else', () => {
    expect(
      carriesPaymasterData({ paymaster: '0x1111111111111111111111111111111111111111', paymasterData: '0x' }),
    ).toBe(true)
    expect(carriesPaymasterData({ paymaster: '0x1111111111111111111111111111111111111111' })).toBe(false)
    expect(carriesPaymasterData({ paymasterAndData: '0x' })).toBe(false)
    expect(carriesPaymasterData({ paymasterAndData: '0x1234' })).toBe(true)
    expect(carriesPaymasterData({})).toBe(false)
  })
})
