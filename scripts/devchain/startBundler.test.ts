import { toSimpleSmartAccount } from 'permissionless/accounts'
import { type Address, createWalletClient, type Hex, http, parseAbi, parseEther } from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Address,
  entryPoint08Address,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { CANONICAL_CONTRACTS } from './deployEntryPoints'
import { SAFE_CONTRACTS, SAFE_SINGLETON_FACTORY } from './deploySafe'
import { localAaStackForFile } from './localAaStack'

/** anvil's first funded account (its well-known development key). */
const ANVIL_KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

const entryPointAbi = parseAbi(['function balanceOf(address account) view returns (uint256)'])

const local = localAaStackForFile()

/** An account's deposit at an EntryPoint, in wei (what pays its operations besides a paymaster). */
function depositOf(entryPoint: Address, account: Address): Promise<bigint> {
  return local.publicClient.readContract({
    address: entryPoint,
    abi: entryPointAbi,
    functionName: 'balanceOf',
    args: [account],
  })
}

function bundlerClientFor(sponsored: boolean): BundlerClient {
  return createBundlerClient({
    client: local.publicClient,
    transport: http(local.stack.bundlerUrl),
    pollingInterval: 100,
    ...(sponsored ? { paymaster: createPaymasterClient({ transport: http(local.stack.paymasterUrl) }) } : {}),
  })
}

describe('the local ERC-4337 stack on anvil', () => {
  it('default: places every EntryPoint, SimpleAccountFactory, Simple7702Account and the Safe contracts at its canonical address', async () => {
    for (const contract of [
      ...CANONICAL_CONTRACTS,
      ...SAFE_CONTRACTS,
      { name: 'Safe singleton factory', address: SAFE_SINGLETON_FACTORY },
    ])
      expect(await local.publicClient.getCode({ address: contract.address }), contract.name).toMatch(
        /^0x[0-9a-f]{2,}$/,
      )
    expect(local.stack.entryPoints).toEqual({
      '0.6': '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789',
      '0.7': entryPoint07Address,
      '0.8': entryPoint08Address,
    })
    const bundler = bundlerClientFor(false)
    expect(await bundler.getSupportedEntryPoints()).toEqual(
      expect.arrayContaining([entryPoint07Address, entryPoint08Address]),
    )
    expect(await bundler.getChainId()).toBe(31337)
  })

  for (const version of ['0.7', '0.8'] as const) {
    it(`default: a SimpleAccount (EntryPoint v${version}) owned by an anvil key sends 1 wei through the bundler, paying its own gas`, async () => {
      const owner = privateKeyToAccount(ANVIL_KEY_0)
      const account = await toSimpleSmartAccount({
        client: local.publicClient,
        owner,
        entryPoint: { address: local.stack.entryPoints[version], version },
        index: BigInt(version === '0.7' ? 7 : 8),
      })
      expect(await local.publicClient.getCode({ address: account.address })).toBeUndefined()
      const funder = createWalletClient({
        account: owner,
        chain: anvilChain,
        transport: http(local.anvil.rpcUrl),
      })
      await local.publicClient.waitForTransactionReceipt({
        hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }),
      })
      const recipient = privateKeyToAccount(generatePrivateKey()).address

      const bundler = bundlerClientFor(false)
      const hash = await bundler.sendUserOperation({ account, calls: [{ to: recipient, value: 1n }] })
      const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })

      expect(receipt.success).toBe(true)
      expect(receipt.sender).toBe(account.address)
      expect(receipt.entryPoint.toLowerCase()).toBe(local.stack.entryPoints[version].toLowerCase())
      expect(receipt.receipt.status).toBe('success')
      expect(await local.publicClient.getBalance({ address: recipient })).toBe(1n)
      // The account was deployed by its first operation, and paid the gas itself: it prefunded the EntryPoint,
      // which keeps what the operation did not use as the account's deposit there.
      expect(await local.publicClient.getCode({ address: account.address })).toBeDefined()
      const balance = await local.publicClient.getBalance({ address: account.address })
      const deposit = await depositOf(local.stack.entryPoints[version], account.address)
      expect(receipt.actualGasCost).toBeGreaterThan(0n)
      expect(balance + deposit).toBe(parseEther('1') - 1n - receipt.actualGasCost)
    }, 60_000)
  }

  it('sponsored: an account holding 0 ETH sends an operation; the mock paymaster (ERC-7677) pays from its deposit', async () => {
    const account = await toSimpleSmartAccount({
      client: local.publicClient,
      owner: privateKeyToAccount(generatePrivateKey()),
      entryPoint: { address: entryPoint07Address, version: '0.7' },
    })
    expect(await local.publicClient.getBalance({ address: account.address })).toBe(0n)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const bundler = bundlerClientFor(true)

    // A call that needs no ETH: the operation's gas is all there is to pay.
    const hash = await bundler.sendUserOperation({
      account,
      calls: [{ to: recipient, value: 0n, data: '0x' }],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })

    expect(receipt.success).toBe(true)
    const paymaster = receipt.paymaster as Address | undefined
    expect(paymaster).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await local.publicClient.getBalance({ address: account.address })).toBe(0n)
    expect(await local.publicClient.getCode({ address: account.address })).toBeDefined()
    // The paymaster's deposit at the EntryPoint paid the operation's whole cost.
    expect(await depositOf(entryPoint07Address, paymaster as Address)).toBe(
      parseEther('50') - receipt.actualGasCost,
    )
    expect(await depositOf(entryPoint07Address, account.address)).toBe(0n)
  }, 60_000)

  it('stop(): the paymaster and the bundler exit, and their ports no longer answer', async () => {
    const urls = [local.stack.bundlerUrl, local.stack.paymasterUrl as string]
    for (const url of urls)
      expect((await fetch(`${url}/health`).catch(() => undefined))?.status).toBeDefined()
    await local.stack.stop()
    for (const url of urls) await expect(fetch(`${url}/health`)).rejects.toThrow()
  }, 20_000)
})
