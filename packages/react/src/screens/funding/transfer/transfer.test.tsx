import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FoyerChain, SolanaCluster } from '@foyer/core'
import type { FundingAsset } from '@foyer/core/funding'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { cleanup, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  numberToHex,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../../scripts/devchain/startAnvil'
import { type SolanaRpc, startSolanaRpc } from '../../../../../../scripts/devchain/startSolanaRpc'
import { createFakeApi } from '../../../../../protocol/test/fakeApi'
import { startBridgeStandIn } from '../../../../../server/src/testing/bridge/bridgeStandIn'
import {
  mintTestToken,
  placeTestToken,
  testTokenBalance,
} from '../../../../../server/src/testing/bridge/testToken'
import { createFakeApiClient } from '../../../../test/createTestClient'
import { openWalletTransfer, walletTransferFundingConfig } from '../../../../test/fundingTransferHost'
import { registerSolanaTestWallet, setAnvilBalance } from '../../../../test/localWallets'
import type { FoyerConfig } from '../../../FoyerProvider/FoyerConfig'

// Under jsdom `import.meta.url` is not a file URL: name anvil's binary (the root's node_modules) first.
vi.hoisted(() => {
  process.env.ANVIL_PATH ??= `${process.cwd()}/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil`
})

// Browser wallets are outside the machine: an EIP-6963 wallet backed by a real key sends on two real anvils
// (31337, 31338), switching between them as a browser wallet does; four more wallets only fill the list.
let first: Anvil
let second: Anvil
let third: Anvil
let solana: SolanaRpc
let cluster: SolanaCluster
// A wallet-standard Solana wallet over a real ed25519 key, to bridge from the local Solana JSON-RPC (litesvm).
const solanaSecret = ed25519.utils.randomSecretKey()
const solanaPayer = base58.encode(ed25519.getPublicKey(solanaSecret))
let chains: FoyerChain[]
const key = generatePrivateKey()
const payer = privateKeyToAccount(key)
const state = { chainId: 31337, rejectNext: false }

beforeAll(async () => {
  ;[first, second, third, solana] = await Promise.all([
    startAnvil(),
    startAnvil({ chainId: 31338 }),
    startAnvil({ chainId: 31339 }),
    startSolanaRpc(),
  ])
  cluster = { name: 'localnet', rpcUrl: solana.rpcUrl }
  registerSolanaTestWallet(solanaSecret)
  chains = [
    {
      id: 31337,
      name: 'Anvil',
      rpcUrl: first.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
    {
      id: 31338,
      name: 'Anvil 2',
      rpcUrl: second.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
    {
      id: 31339,
      name: 'Anvil 3',
      rpcUrl: third.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ]
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const [arg] = (params ?? []) as [Record<string, string>]
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [payer.address]
      if (method === 'eth_chainId') return numberToHex(state.chainId)
      if (method === 'wallet_switchEthereumChain') {
        state.chainId = Number(arg.chainId)
        return null
      }
      if (method === 'eth_sendTransaction') {
        if (state.rejectNext) {
          state.rejectNext = false
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        }
        const chain = chains.find((candidate) => candidate.id === state.chainId) as FoyerChain
        const wallet = createWalletClient({
          account: payer,
          chain: defineChain({
            id: chain.id,
            name: chain.name,
            nativeCurrency: chain.nativeCurrency,
            rpcUrls: { default: { http: [chain.rpcUrl] } },
          }),
          transport: http(chain.rpcUrl),
        })
        return wallet.sendTransaction({
          to: arg.to as Hex,
          value: BigInt(arg.value ?? '0x0'),
          ...(arg.data ? { data: arg.data as Hex } : {}),
        })
      }
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
  }
  const wallets = [
    { uuid: 'test', name: 'Foyer Test Wallet', rdns: 'dev.foyer.testwallet', provider },
    { uuid: 'mm', name: 'MetaMask', rdns: 'io.metamask', provider },
    { uuid: 'rabby', name: 'Rabby Wallet', rdns: 'io.rabby', provider },
    { uuid: 'rainbow', name: 'Rainbow', rdns: 'me.rainbow', provider },
    { uuid: 'zerion', name: 'Zerion', rdns: 'io.zerion.wallet', provider },
  ]
  const announce = () => {
    for (const { provider: announced, ...info } of wallets)
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({
            info: { ...info, icon: 'data:image/svg+xml,<svg/>' },
            provider: announced,
          }),
        }),
      )
  }
  window.addEventListener('eip6963:requestProvider', announce)
}, 60_000)
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop(), third?.stop(), solana?.stop()])
})
afterEach(() => {
  cleanup()
  state.chainId = 31337
})

const setBalance = (anvil: Anvil, address: string, wei: bigint) => setAnvilBalance(anvil.rpcUrl, address, wei)
const balanceOn = (anvil: Anvil, address: Hex) =>
  createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({ address })

/**
 * A bridge API that answers `answers` in turn (then 500) and records the quote requests' bodies; browsers call
 * it directly (CORS), as they call Relay's.
 */
async function startFakeBridgeApi(answers: { status: number; body: unknown }[]) {
  const bodies: Record<string, unknown>[] = []
  const server = createServer((request, response) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors)
      response.end()
      return
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'))
      const answer = answers.shift() ?? { status: 500, body: {} }
      response.writeHead(answer.status, { 'content-type': 'application/json', ...cors })
      response.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Renders the provider with a host whose button funds `recipient` on 31337, and opens the transfer list. */
async function openTransfer(options: {
  bridging: boolean
  config?: FoyerConfig
  asset?: FundingAsset
  /** The client's Solana cluster; default the local one. */
  cluster?: SolanaCluster
  /** Fund a Solana wallet on the local cluster instead of an Ethereum one on 31337. */
  toSolana?: boolean
}) {
  const recipient = options.toSolana
    ? base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
    : privateKeyToAccount(generatePrivateKey()).address
  const api = createFakeApi({ appConfig: walletTransferFundingConfig(options.bridging) })
  // 'Confirm or edit amount' shows the fiat estimate.
  api.on('GET /api/v1/token_price', async () => Response.json({ usd: 3000 }))
  const client = createFakeApiClient(api, { chains, solanaClusters: [options.cluster ?? cluster] })
  const { user, results } = await openWalletTransfer({
    client,
    recipient,
    asset: options.asset,
    config: options.config,
  })
  // The funding screens load lazily: the first test waits for their chunks.
  await screen.findByRole('heading', { name: 'Transfer from wallet' }, { timeout: 10_000 })
  return { user, recipient, results }
}

describe('transfer from wallet', () => {
  test("default: 3 wallets and 'More wallets'; the wallet sends on the same chain and the modal closes", async () => {
    await setBalance(first, payer.address, parseEther('1'))
    const { user, recipient, results } = await openTransfer({ bridging: false })
    expect(screen.getByText('Connect a wallet to deposit funds or send funds manually')).toBeTruthy()
    const list = await screen.findByRole('list', { name: 'Wallets' })
    await waitFor(() => expect(list.querySelectorAll('button')).toHaveLength(3))
    const results_ = await axe.run(screen.getByRole('dialog'), {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    })
    expect(results_.violations.map((violation) => violation.id)).toEqual([])
    await user.click(screen.getByRole('button', { name: 'More wallets' }))
    expect(list.querySelectorAll('button')).toHaveLength(5)
    await user.click(screen.getByRole('button', { name: 'Foyer Test Wallet' }))
    expect(await screen.findByText("You've funded your account!", {}, { timeout: 10_000 })).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 })
    expect(await balanceOn(first, recipient as Hex)).toBe(parseEther('0.05'))
    expect(results).toEqual([{ status: 'completed', method: 'wallets' }])
  })

  test("error: declined in the wallet: 'Transaction was rejected by the user' and 'Try again'", async () => {
    await setBalance(first, payer.address, parseEther('1'))
    const { user, recipient } = await openTransfer({ bridging: false })
    state.rejectNext = true
    await user.click(await screen.findByRole('button', { name: 'Foyer Test Wallet' }))
    expect(await screen.findByText('Transaction was rejected by the user')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText("You've funded your account!", {}, { timeout: 10_000 })).toBeTruthy()
    expect(await balanceOn(first, recipient as Hex)).toBe(parseEther('0.05'))
  })

  test("behavior: short on the wallet's chain, the one chain that can pay is used directly; a refused quote shows the bridge API's text", async () => {
    await setBalance(first, payer.address, 0n)
    await setBalance(second, payer.address, parseEther('1'))
    await setBalance(third, payer.address, parseEther('0.01'))
    const bridgeApi = await startFakeBridgeApi([
      { status: 400, body: { message: 'Unsupported chain 31338', errorCode: 'UNSUPPORTED_CHAIN' } },
      { status: 500, body: {} },
    ])
    try {
      const { user } = await openTransfer({
        bridging: true,
        config: { chains, funding: { bridgeApiUrl: bridgeApi.url } },
      })
      await user.click(await screen.findByRole('button', { name: 'Foyer Test Wallet' }))
      await screen.findByRole('heading', { name: 'Bridging from Anvil 2 to Anvil' })
      expect(screen.queryByRole('combobox', { name: 'From' })).toBeNull()
      expect(await screen.findByText('Unsupported chain 31338')).toBeTruthy()
      expect(bridgeApi.bodies[0]).toMatchObject({ originChainId: 31338, destinationChainId: 31337 })
      await user.click(screen.getByRole('button', { name: 'Try again' }))
      expect(await screen.findByText('Error fetching quote from relay')).toBeTruthy()
    } finally {
      await bridgeApi.close()
    }
  })

  test("behavior: several chains can pay: 'Transfer from another network' offers them with their balances", async () => {
    await setBalance(first, payer.address, 0n)
    await setBalance(second, payer.address, parseEther('1'))
    await setBalance(third, payer.address, parseEther('2'))
    const bridgeApi = await startFakeBridgeApi([
      { status: 400, body: { message: 'Unsupported chain 31338', errorCode: 'UNSUPPORTED_CHAIN' } },
    ])
    try {
      const { user } = await openTransfer({
        bridging: true,
        config: { chains, funding: { bridgeApiUrl: bridgeApi.url } },
      })
      await user.click(await screen.findByRole('button', { name: 'Foyer Test Wallet' }))
      await screen.findByRole('heading', { name: 'Transfer from another network' })
      const from = (await screen.findByRole('combobox', { name: 'From' })) as HTMLSelectElement
      // Richest first, and chosen.
      expect([...from.options].map((option) => option.textContent)).toEqual([
        'Anvil 3 · 2 ETH',
        'Anvil 2 · 1 ETH',
      ])
      expect(from.value).toBe('31339')
      expect(screen.getByText('Anvil')).toBeTruthy()
      const audit = await axe.run(screen.getByRole('dialog'), {
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      })
      expect(audit.violations.map((violation) => violation.id)).toEqual([])
      await user.selectOptions(from, '31338')
      await user.click(screen.getByRole('button', { name: 'Confirm with Foyer Test Wallet' }))
      await screen.findByRole('heading', { name: 'Bridging from Anvil 2 to Anvil' })
      expect(await screen.findByText('Unsupported chain 31338')).toBeTruthy()
      expect(bridgeApi.bodies).toHaveLength(1)
      expect(bridgeApi.bodies[0]).toMatchObject({
        originChainId: 31338,
        amount: parseEther('0.05').toString(),
      })
    } finally {
      await bridgeApi.close()
    }
  })

  test('behavior: USDC short on the wallet’s chain bridges from the other chain (the bridge stand-in) and arrives', async () => {
    // USDC at another address on each chain; the request names the destination's, the config the origin's.
    const usdc = { symbol: 'USDC', decimals: 6 }
    const destinationToken = { ...usdc, address: '0x00000000000000000000000000000000005dc0b2' } as const
    const originToken = { ...usdc, address: '0x00000000000000000000000000000000005dc0a1' } as const
    await placeTestToken(first.rpcUrl, destinationToken)
    await placeTestToken(second.rpcUrl, originToken)
    await setBalance(second, payer.address, parseEther('1'))
    await mintTestToken(second.rpcUrl, originToken.address, payer.address, 7_000_000n)
    const bridge = await startBridgeStandIn({
      chains: [
        { chainId: 31337, rpcUrl: first.rpcUrl, tokens: [destinationToken] },
        { chainId: 31338, rpcUrl: second.rpcUrl, tokens: [originToken] },
      ],
      // Two steps for the wallet: approve, then the deposit.
      tokenDeposit: 'approve',
      pollIntervalMs: 100,
    })
    try {
      const { user, recipient, results } = await openTransfer({
        bridging: true,
        asset: { erc20: destinationToken.address, ...usdc },
        config: {
          chains,
          funding: { bridgeApiUrl: bridge.url, tokenAddresses: { USDC: { 31338: originToken.address } } },
        },
      })
      // USDC is known on 31338 only (not on 31339): the one option is used directly.
      const ethereumWallet = await screen.findByRole('button', { name: 'Foyer Test Wallet' })
      // Only native coins bridge from Solana: no Solana wallet is offered for USDC.
      expect(screen.queryByRole('button', { name: /Solana Test Wallet/ })).toBeNull()
      await user.click(ethereumWallet)
      await screen.findByRole('heading', { name: 'Bridging from Anvil 2 to Anvil' })
      // With the quote, 'To' is the wallet's address short on one line, the full value on hover.
      const to = await screen.findByTitle(recipient as string)
      expect(to.textContent).toBe(`${recipient?.slice(0, 6)}…${recipient?.slice(-4)}`)
      expect(screen.queryByText(recipient as string)).toBeNull()
      expect(await screen.findByText("You've funded your account!", {}, { timeout: 15_000 })).toBeTruthy()
      expect(screen.getByText('0.05 USDC arrived in your wallet.')).toBeTruthy()
      expect(await testTokenBalance(first.rpcUrl, destinationToken.address, recipient as Hex)).toBe(50_000n)
      // The wallet paid the amount plus the relayer fee (0.1 %) on 31338.
      expect(await testTokenBalance(second.rpcUrl, originToken.address, payer.address)).toBe(
        7_000_000n - 50_050n,
      )
      expect(results).toEqual([{ status: 'completed', method: 'wallets' }])
    } finally {
      await bridge.close()
    }
  }, 30_000)

  test('behavior: from a Solana wallet, it bridges SOL (the quote’s instructions, signed by the wallet) and the ETH arrives', async () => {
    await fetch(solana.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'requestAirdrop',
        params: [solanaPayer, 5_000_000_000],
      }),
    })
    const bridge = await startBridgeStandIn({
      chains: [{ chainId: 31337, rpcUrl: first.rpcUrl, name: 'Anvil' }],
      solana: { rpcUrl: solana.rpcUrl },
      pollIntervalMs: 100,
    })
    try {
      const { user, recipient, results } = await openTransfer({
        bridging: true,
        config: { chains, solanaClusters: [cluster], funding: { bridgeApiUrl: bridge.url } },
      })
      await user.click(await screen.findByRole('button', { name: /Solana Test Wallet/ }))
      await screen.findByRole('heading', { name: 'Bridging from Solana to Anvil' })
      expect(await screen.findByText("You've funded your account!", {}, { timeout: 15_000 })).toBeTruthy()
      expect(await balanceOn(first, recipient as Hex)).toBe(parseEther('0.05'))
      // 0.05 ETH and the 0.1 % fee at the stand-in's prices (3,000 and 150 USD): 1.001 SOL, plus the fee.
      const lamports = await fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [solanaPayer] }),
      }).then(async (response) => ((await response.json()) as { result: { value: number } }).result.value)
      expect(lamports).toBe(5_000_000_000 - 1_001_000_000 - 5_000)
      expect(results).toEqual([{ status: 'completed', method: 'wallets' }])
    } finally {
      await bridge.close()
    }
  }, 30_000)

  test('behavior: with Solana only on devnet (no bridging there, docs/limits.md), no Solana wallet is offered to pay an EVM wallet', async () => {
    await openTransfer({
      bridging: true,
      cluster: { name: 'devnet', rpcUrl: solana.rpcUrl },
      config: { chains, funding: { bridgeApiUrl: 'http://127.0.0.1:9' } },
    })
    await screen.findByRole('button', { name: 'Foyer Test Wallet' })
    expect(screen.queryByRole('button', { name: /Solana Test Wallet/ })).toBeNull()
  })

  test('behavior: to a Solana wallet, an Ethereum wallet bridges ETH from its one funded chain and the SOL arrives', async () => {
    await setBalance(first, payer.address, 0n)
    await setBalance(second, payer.address, parseEther('1'))
    await setBalance(third, payer.address, 0n)
    const bridge = await startBridgeStandIn({
      chains: [{ chainId: 31338, rpcUrl: second.rpcUrl, name: 'Anvil 2' }],
      solana: { rpcUrl: solana.rpcUrl },
      pollIntervalMs: 100,
    })
    try {
      const { user, recipient, results } = await openTransfer({
        bridging: true,
        toSolana: true,
        config: { chains, solanaClusters: [cluster], funding: { bridgeApiUrl: bridge.url } },
      })
      await user.click(await screen.findByRole('button', { name: 'Foyer Test Wallet' }))
      // ETH pays for SOL at the quote's price: the funded chain is offered, not assumed to be enough.
      await screen.findByRole('heading', { name: 'Transfer from another network' })
      const confirm = await screen.findByRole('button', { name: 'Confirm with Foyer Test Wallet' })
      await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false)) // balances read
      await user.click(confirm)
      await screen.findByRole('heading', { name: 'Bridging from Anvil 2 to Solana' })
      expect(await screen.findByText("You've funded your account!", {}, { timeout: 15_000 })).toBeTruthy()
      expect(screen.getByText('0.05 SOL arrived in your wallet.')).toBeTruthy()
      const lamports = await fetch(solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [recipient] }),
      }).then(async (response) => ((await response.json()) as { result: { value: number } }).result.value)
      expect(lamports).toBe(50_000_000)
      // 0.05 SOL at 150 USD is 0.0025 ETH at 3,000 USD, plus the 0.1 % fee, paid on 31338.
      expect(await balanceOn(second, payer.address)).toBeLessThan(parseEther('1') - parseEther('0.0025025'))
      expect(results).toEqual([{ status: 'completed', method: 'wallets' }])
    } finally {
      await bridge.close()
    }
  }, 30_000)
})
