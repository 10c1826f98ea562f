import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  numberToHex,
  parseEther,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../scripts/devchain/startAnvil'
import { type SolanaRpc, startSolanaRpc } from '../../../../../scripts/devchain/startSolanaRpc'
import { buildSolanaTransaction } from '../../../../core/src/funding/transfer/buildSolanaTransaction'
import { anvilRpc } from '../farcaster/idRegistryStandIn'
import { type BridgeStandIn, startBridgeStandIn } from './bridgeStandIn'
import { mintTestToken, placeTestToken, testTokenBalance } from './testToken'

let origin: Anvil
let destination: Anvil
let bridge: BridgeStandIn
let solana: SolanaRpc
// USDC at different addresses on the two chains (6 decimals), as on real chains.
const usdcOrigin = {
  address: '0x00000000000000000000000000000000005dc0a1',
  symbol: 'USDC',
  decimals: 6,
} as const
const usdcDestination = { ...usdcOrigin, address: '0x00000000000000000000000000000000005dc0b2' } as const
beforeAll(async () => {
  ;[origin, destination, solana] = await Promise.all([
    startAnvil({ chainId: 31338 }),
    startAnvil({ chainId: 31337 }),
    startSolanaRpc(),
  ])
  await placeTestToken(origin.rpcUrl, usdcOrigin)
  await placeTestToken(destination.rpcUrl, usdcDestination)
  bridge = await startBridgeStandIn({
    chains: [
      { chainId: 31338, rpcUrl: origin.rpcUrl, tokens: [usdcOrigin] },
      { chainId: 31337, rpcUrl: destination.rpcUrl, tokens: [usdcDestination] },
    ],
    solana: { rpcUrl: solana.rpcUrl },
    pollIntervalMs: 100,
  })
}, 60_000)
afterAll(async () => {
  await bridge?.close()
  await Promise.all([origin?.stop(), destination?.stop(), solana?.stop()])
})

type Quote = {
  steps: {
    id: string
    requestId: Hex
    items: {
      data: { from: Hex; to: Hex; data: Hex; value: string; chainId: number }
      check: { endpoint: string }
    }[]
  }[]
  fees: { relayer: { amount: string } }
  details: { currencyIn: { amount: string }; currencyOut: { amount: string } }
}

const quote = (body: Record<string, unknown>) =>
  fetch(`${bridge.url}/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** A fresh account with 10 ETH on the origin chain. */
async function fundedUser() {
  const account = privateKeyToAccount(generatePrivateKey())
  await anvilRpc(origin.rpcUrl, 'anvil_setBalance', [account.address, numberToHex(parseEther('10'))])
  const chain = defineChain({
    id: 31338,
    name: 'Anvil 2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [origin.rpcUrl] } },
  })
  return { account, wallet: createWalletClient({ account, chain, transport: http(origin.rpcUrl) }) }
}

const balanceOn = (anvil: Anvil, address: Hex) =>
  createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({ address })

const bridgeBody = (user: Hex, recipient: Hex, amount: bigint) => ({
  user,
  recipient,
  originChainId: 31338,
  destinationChainId: 31337,
  originCurrency: zeroAddress,
  destinationCurrency: zeroAddress,
  amount: amount.toString(),
  tradeType: 'EXACT_OUTPUT',
})

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('bridge stand-in', () => {
  test('default: the EXACT_OUTPUT deposit on the origin chain pays the recipient on the destination', async () => {
    const { account, wallet } = await fundedUser()
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const amount = parseEther('0.5')
    const response = await quote(bridgeBody(account.address, recipient, amount))
    expect(response.status).toBe(200)
    const body = (await response.json()) as Quote
    const step = body.steps[0]
    const item = step?.items[0]
    expect(step?.id).toBe('deposit')
    // EXACT_OUTPUT: the recipient gets the amount; the user pays it plus the relayer fee (0.1 %).
    expect(body.details.currencyOut.amount).toBe(amount.toString())
    expect(body.fees.relayer.amount).toBe((amount / 1000n).toString())
    expect(body.details.currencyIn.amount).toBe((amount + amount / 1000n).toString())
    expect(item?.data).toEqual({
      from: account.address,
      to: bridge.solverAddress,
      data: step?.requestId,
      value: body.details.currencyIn.amount,
      chainId: 31338,
    })
    expect(item?.check.endpoint).toBe(`/intents/status?requestId=${step?.requestId}`)
    const status = async () =>
      (await (await fetch(`${bridge.url}${item?.check.endpoint}`)).json()) as {
        status: string
        inTxHashes: Hex[]
        txHashes: Hex[]
      }
    expect((await status()).status).toBe('waiting')
    expect(await balanceOn(destination, recipient)).toBe(0n)

    const hash = await wallet.sendTransaction({
      to: item?.data.to as Hex,
      data: item?.data.data as Hex,
      value: BigInt(item?.data.value as string),
    })
    // The stand-in watches the origin chain by itself: no status call needed for the fill.
    expect(
      await until(
        () => balanceOn(destination, recipient),
        (balance) => balance > 0n,
      ),
    ).toBe(amount)
    const final = await status()
    expect(final.status).toBe('success')
    expect(final.inTxHashes).toEqual([hash])
    expect(final.txHashes).toHaveLength(1)
  })

  test('default: a token bridges: the deposit transfers it to the solver with the request id, the solver pays out', async () => {
    const { account, wallet } = await fundedUser()
    await mintTestToken(origin.rpcUrl, usdcOrigin.address, account.address, 10_000_000n)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const response = await quote({
      ...bridgeBody(account.address, recipient, 2_500_000n),
      originCurrency: usdcOrigin.address,
      destinationCurrency: usdcDestination.address,
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Quote
    const step = body.steps[0]
    const item = step?.items[0]
    expect(body.details.currencyIn.amount).toBe('2502500')
    expect(body.details.currencyOut.amount).toBe('2500000')
    expect(body.fees.relayer.amount).toBe('2500')
    expect(item?.data.to).toBe(usdcOrigin.address)
    expect(item?.data.value).toBe('0')
    expect(item?.data.data.endsWith(String(step?.requestId).slice(2))).toBe(true)
    await wallet.sendTransaction({ to: item?.data.to as Hex, data: item?.data.data as Hex })
    expect(
      await until(
        () => testTokenBalance(destination.rpcUrl, usdcDestination.address, recipient),
        (balance) => balance > 0n,
      ),
    ).toBe(2_500_000n)
    expect(await testTokenBalance(origin.rpcUrl, usdcOrigin.address, account.address)).toBe(
      10_000_000n - 2_502_500n,
    )
    expect(
      await testTokenBalance(origin.rpcUrl, usdcOrigin.address, bridge.solverAddress),
    ).toBeGreaterThanOrEqual(2_502_500n)
    const status = async () => bridge.requests.get(step?.requestId as Hex)?.status
    expect(await until(status, (value) => value === 'success')).toBe('success')
    // The native coin and a token do not bridge into each other.
    const mixed = await quote({
      ...bridgeBody(account.address, recipient, 1n),
      destinationCurrency: usdcDestination.address,
    })
    expect(await mixed.json()).toEqual({
      message: 'No route found between these currencies',
      errorCode: 'UNSUPPORTED_ROUTE',
    })
  })

  test("behavior: tokenDeposit 'approve': an approve step, then a deposit naming the request; the solver pulls the tokens", async () => {
    const approving = await startBridgeStandIn({
      chains: [
        { chainId: 31338, rpcUrl: origin.rpcUrl, tokens: [usdcOrigin] },
        { chainId: 31337, rpcUrl: destination.rpcUrl, tokens: [usdcDestination] },
      ],
      tokenDeposit: 'approve',
      pollIntervalMs: 100,
    })
    try {
      const { account, wallet } = await fundedUser()
      await mintTestToken(origin.rpcUrl, usdcOrigin.address, account.address, 5_000_000n)
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const response = await fetch(`${approving.url}/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...bridgeBody(account.address, recipient, 1_000_000n),
          originCurrency: usdcOrigin.address,
          destinationCurrency: usdcDestination.address,
        }),
      })
      const body = (await response.json()) as Quote
      expect(body.steps.map((step) => step.id)).toEqual(['approve', 'deposit'])
      const [approve, deposit] = body.steps.map((step) => step.items[0]?.data)
      expect(approve?.to).toBe(usdcOrigin.address)
      expect(deposit).toMatchObject({
        to: approving.solverAddress,
        data: body.steps[1]?.requestId,
        value: '0',
      })
      const client = createPublicClient({ transport: http(origin.rpcUrl) })
      for (const data of [approve, deposit])
        await client.waitForTransactionReceipt({
          hash: await wallet.sendTransaction({ to: data?.to as Hex, data: data?.data as Hex }),
        })
      expect(
        await until(
          () => testTokenBalance(destination.rpcUrl, usdcDestination.address, recipient),
          (balance) => balance > 0n,
        ),
      ).toBe(1_000_000n)
      expect(await testTokenBalance(origin.rpcUrl, usdcOrigin.address, account.address)).toBe(
        5_000_000n - 1_001_000n,
      )
    } finally {
      await approving.close()
    }
  })

  test('default: from Solana, the system transfer to the deposit address pays the recipient ETH at the USD prices', async () => {
    const secret = ed25519.utils.randomSecretKey()
    const payer = base58.encode(ed25519.getPublicKey(secret))
    const solanaRpc = async <T>(method: string, params: unknown[]) =>
      (
        (await (
          await fetch(solana.rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
        ).json()) as { result: T }
      ).result
    await solanaRpc('requestAirdrop', [payer, 5_000_000_000])
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const amount = parseEther('0.01')
    const response = await quote({
      ...bridgeBody(payer as Hex, recipient, amount),
      originChainId: 792703809,
      originCurrency: '11111111111111111111111111111111',
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      steps: {
        requestId: Hex
        items: { data: { instructions: Parameters<typeof buildSolanaTransaction>[0]['instructions'] } }[]
      }[]
      details: { currencyIn: { amount: string; currency: { symbol: string } } }
    }
    // 0.01 ETH plus the 0.1 % fee, at 3,000 and 150 USD: 0.2002 SOL.
    expect(body.details.currencyIn).toMatchObject({ amount: '200200000', currency: { symbol: 'SOL' } })
    const step = body.steps[0]
    const instructions = step?.items[0]?.data.instructions ?? []
    expect(instructions[0]?.keys[0]).toEqual({ pubkey: payer, isSigner: true, isWritable: true })
    const { value } = await solanaRpc<{ value: { blockhash: string } }>('getLatestBlockhash', [])
    const transaction = buildSolanaTransaction({ payer, instructions, blockhash: value.blockhash })
    transaction.set(ed25519.sign(transaction.subarray(65), secret), 1)
    await solanaRpc('sendTransaction', [base64.encode(transaction), { encoding: 'base64' }])
    expect(
      await until(
        () => balanceOn(destination, recipient),
        (balance) => balance > 0n,
      ),
    ).toBe(amount)
    // The status turns 'success' once the payout's receipt is read, a moment after the balance shows it.
    await vi.waitFor(() =>
      expect(bridge.requests.get(step?.requestId as Hex)).toMatchObject({ status: 'success', user: payer }),
    )
    // Not a Solana address, or no route for a token from Solana.
    const bad = await quote({ ...bridgeBody(recipient, recipient, amount), originChainId: 792703809 })
    expect(await bad.json()).toEqual({
      message: `Invalid address ${recipient}`,
      errorCode: 'INVALID_ADDRESS',
    })
  })

  test('default: to Solana, the ETH deposit makes the solver send SOL to the recipient at the USD prices', async () => {
    const { account, wallet } = await fundedUser()
    const recipient = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
    const response = await quote({
      ...bridgeBody(account.address, account.address, 2_000_000_000n),
      recipient,
      destinationChainId: 792703809,
      destinationCurrency: '11111111111111111111111111111111',
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Quote
    // 2 SOL at 150 USD is 0.1 ETH at 3,000 USD, plus the 0.1 % fee.
    expect(body.details.currencyIn.amount).toBe(parseEther('0.1001').toString())
    const item = body.steps[0]?.items[0]
    await wallet.sendTransaction({
      to: item?.data.to as Hex,
      data: item?.data.data as Hex,
      value: BigInt(item?.data.value as string),
    })
    const lamports = async () =>
      (
        (await (
          await fetch(solana.rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [recipient] }),
          })
        ).json()) as { result: { value: number } }
      ).result.value
    expect(await until(lamports, (value) => value > 0)).toBe(2_000_000_000)
    // The recipient can see the fill before the stand-in has its confirmation.
    const status = async () => bridge.requests.get(body.steps[0]?.requestId as Hex)?.status
    expect(await until(status, (value) => value === 'success')).toBe('success')
  })

  test('behavior: EXACT_INPUT takes the fee from the amount', async () => {
    const { account } = await fundedUser()
    const body = (await (
      await quote({ ...bridgeBody(account.address, account.address, 10_000n), tradeType: 'EXACT_INPUT' })
    ).json()) as Quote
    expect(body.details.currencyIn.amount).toBe('10000')
    expect(body.details.currencyOut.amount).toBe('9990')
  })

  test('behavior: a deposit below the quote, or without the request id, is not filled', async () => {
    const { account, wallet } = await fundedUser()
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const short = (await (await quote(bridgeBody(account.address, recipient, 1_000_000n))).json()) as Quote
    const other = (await (await quote(bridgeBody(account.address, recipient, 1_000_000n))).json()) as Quote
    const shortItem = short.steps[0]?.items[0]?.data
    await wallet.sendTransaction({
      to: bridge.solverAddress,
      data: shortItem?.data as Hex,
      value: BigInt(shortItem?.value as string) - 1n,
    })
    await wallet.sendTransaction({ to: bridge.solverAddress, value: 2_000_000n })
    await bridge.settle()
    expect(bridge.requests.get(short.steps[0]?.requestId as Hex)?.status).toBe('waiting')
    expect(bridge.requests.get(other.steps[0]?.requestId as Hex)?.status).toBe('waiting')
    expect(await balanceOn(destination, recipient)).toBe(0n)
  })

  test('error: bad quote requests answer 400 with message and errorCode', async () => {
    const user = privateKeyToAccount(generatePrivateKey()).address
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...bridgeBody(user, user, 1n), user: 'nope' }, 'INVALID_ADDRESS', 'Invalid address nope'],
      [{ ...bridgeBody(user, user, 1n), recipient: '0x12' }, 'INVALID_ADDRESS', 'Invalid address 0x12'],
      [{ ...bridgeBody(user, user, 1n), originChainId: 1 }, 'UNSUPPORTED_CHAIN', 'Unsupported chain 1'],
      [
        { ...bridgeBody(user, user, 1n), originChainId: '31338' },
        'INVALID_INPUT',
        'originChainId and destinationChainId must be numbers',
      ],
      [
        { ...bridgeBody(user, user, 1n), destinationChainId: 31338 },
        'UNSUPPORTED_ROUTE',
        'No route found between these currencies',
      ],
      [
        { ...bridgeBody(user, user, 1n), originCurrency: user },
        'UNSUPPORTED_CURRENCY',
        `Unsupported currency ${user}`,
      ],
      [
        // A token of the other chain is not a currency of this one.
        { ...bridgeBody(user, user, 1n), destinationCurrency: usdcOrigin.address },
        'UNSUPPORTED_CURRENCY',
        `Unsupported currency ${usdcOrigin.address}`,
      ],
      [
        { ...bridgeBody(user, user, 1n), amount: '1.5' },
        'INVALID_INPUT',
        'amount must be a positive integer in the smallest unit',
      ],
      [
        { ...bridgeBody(user, user, 1n), amount: '0' },
        'INVALID_INPUT',
        'amount must be a positive integer in the smallest unit',
      ],
      [
        { ...bridgeBody(user, user, 1n), tradeType: 'SWAP' },
        'INVALID_INPUT',
        'tradeType must be one of EXACT_INPUT, EXACT_OUTPUT, EXPECTED_OUTPUT',
      ],
      [
        { ...bridgeBody(user, user, 1n), tradeType: 'EXACT_INPUT' },
        'AMOUNT_TOO_LOW',
        'Amount is too low to cover the fees',
      ],
      [
        bridgeBody(user, user, 10n ** 24n),
        'INSUFFICIENT_LIQUIDITY',
        'The solver lacks liquidity on the destination',
      ],
    ]
    for (const [body, errorCode, message] of cases) {
      const response = await quote(body)
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { message, errorCode },
      })
    }
    const unknown = await fetch(`${bridge.url}/intents/status?requestId=0x${'00'.repeat(32)}`)
    expect(unknown.status).toBe(404)
  })

  test('default: browsers may call it (CORS)', async () => {
    const preflight = await fetch(`${bridge.url}/quote`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type')
  })
})
