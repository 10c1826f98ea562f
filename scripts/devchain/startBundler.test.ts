import { toSimpleSmartAccount } from 'permissionless/accounts'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  parseEther,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Address,
  entryPoint08Address,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installAa } from '../../aa/install.mjs'
import { CANONICAL_CONTRACTS } from './deployEntryPoints'
import { SAFE_CONTRACTS, SAFE_SINGLETON_FACTORY } from './deploySafe'
import { type Anvil, startAnvil } from './startAnvil'
import { type LocalBundler, startBundler } from './startBundler'

/** anvil's first funded account (its well-known development key). */
const ANVIL_KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

const entryPointAbi = parseAbi(['function balanceOf(address account) view returns (uint256)'])

let anvil: Anvil
let stack: LocalBundler
let publicClient: PublicClient

beforeAll(async () => {
  // First use only: `npm ci` in aa/ (about 400 MB), a minute or more on a cold cache.
  const install = await installAa()
  if (install.installed) console.info(`aa/: npm ci took ${(install.ms / 1000).toFixed(1)} s`)
}, 600_000)

beforeAll(async () => {
  anvil = await startAnvil()
  stack = await startBundler({ anvilRpcUrl: anvil.rpcUrl })
  publicClient = createPublicClient({
    chain: anvilChain,
    transport: http(anvil.rpcUrl),
    pollingInterval: 100,
  })
}, 90_000)

afterAll(async () => {
  await stack?.stop()
  await anvil?.stop()
})

/** An account's deposit at an EntryPoint, in wei (what pays its operations besides a paymaster). */
function depositOf(entryPoint: Address, account: Address): Promise<bigint> {
  return publicClient.readContract({
    address: entryPoint,
    abi: entryPointAbi,
    functionName: 'balanceOf',
    args: [account],
  })
}

function bundlerClientFor(sponsored: boolean): BundlerClient {
  return createBundlerClient({
    client: publicClient,
    transport: http(stack.bundlerUrl),
    pollingInterval: 100,
    ...(sponsored ? { paymaster: createPaymasterClient({ transport: http(stack.paymasterUrl) }) } : {}),
  })
}

describe('the local ERC-4337 stack on anvil', () => {
  it('default: places every EntryPoint, SimpleAccountFactory, Simple7702Account and the Safe contracts at its canonical address', async () => {
    for (const contract of [
      ...CANONICAL_CONTRACTS,
      ...SAFE_CONTRACTS,
      { name: 'Safe singleton factory', address: SAFE_SINGLETON_FACTORY },
    ])
      expect(await publicClient.getCode({ address: contract.address }), contract.name).toMatch(
        /^0x[0-9a-f]{2,}$/,
      )
    expect(stack.entryPoints).toEqual({
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
        client: publicClient,
        owner,
        entryPoint: { address: stack.entryPoints[version], version },
        index: BigInt(version === '0.7' ? 7 : 8),
      })
      expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
      const funder = createWalletClient({ account: owner, chain: anvilChain, transport: http(anvil.rpcUrl) })
      await publicClient.waitForTransactionReceipt({
        hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }),
      })
      const recipient = privateKeyToAccount(generatePrivateKey()).address

      const bundler = bundlerClientFor(false)
      const hash = await bundler.sendUserOperation({ account, calls: [{ to: recipient, value: 1n }] })
      const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })

      expect(receipt.success).toBe(true)
      expect(receipt.sender).toBe(account.address)
      expect(receipt.entryPoint.toLowerCase()).toBe(stack.entryPoints[version].toLowerCase())
      expect(receipt.receipt.status).toBe('success')
      expect(await publicClient.getBalance({ address: recipient })).toBe(1n)
      // The account was deployed by its first operation, and paid the gas itself: it prefunded the EntryPoint,
      // which keeps what the operation did not use as the account's deposit there.
      expect(await publicClient.getCode({ address: account.address })).toBeDefined()
      const balance = await publicClient.getBalance({ address: account.address })
      const deposit = await depositOf(stack.entryPoints[version], account.address)
      expect(receipt.actualGasCost).toBeGreaterThan(0n)
      expect(balance + deposit).toBe(parseEther('1') - 1n - receipt.actualGasCost)
    }, 60_000)
  }

  it('sponsored: an account holding 0 ETH sends an operation; the mock paymaster (ERC-7677) pays from its deposit', async () => {
    const account = await toSimpleSmartAccount({
      client: publicClient,
      owner: privateKeyToAccount(generatePrivateKey()),
      entryPoint: { address: entryPoint07Address, version: '0.7' },
    })
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
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
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
    expect(await publicClient.getCode({ address: account.address })).toBeDefined()
    // The paymaster's deposit at the EntryPoint paid the operation's whole cost.
    expect(await depositOf(entryPoint07Address, paymaster as Address)).toBe(
      parseEther('50') - receipt.actualGasCost,
    )
    expect(await depositOf(entryPoint07Address, account.address)).toBe(0n)
  }, 60_000)

  it('stop(): the paymaster and the bundler exit, and their ports no longer answer', async () => {
    const urls = [stack.bundlerUrl, stack.paymasterUrl as string]
    for (const url of urls)
      expect((await fetch(`${url}/health`).catch(() => undefined))?.status).toBeDefined()
    await stack.stop()
    for (const url of urls) await expect(fetch(`${url}/health`)).rejects.toThrow()
  }, 20_000)
})
