import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  formatUnits,
  type Hex,
  http,
  isAddress,
  numberToHex,
  type PublicClient,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvilRpc } from '../farcaster/idRegistryStandIn'

/** One EVM chain the bridge stand-in serves (a local anvil, or any chain where the solver has funds). */
export type BridgeStandInChain = {
  chainId: number
  rpcUrl: string
  /** Display name; default `Chain {chainId}`. */
  name?: string
  /** Symbol of the native coin (18 decimals); default `ETH`. Coins of the same symbol bridge 1:1. */
  symbol?: string
}

/** Options of {@link startBridgeStandIn}. */
export type StartBridgeStandInOptions = {
  chains: readonly BridgeStandInChain[]
  /**
   * The solver's key, funded on every chain. Default: a fresh key that the stand-in funds with 1,000 of the
   * native coin on every chain through anvil's `anvil_setBalance`.
   */
  solverPrivateKey?: Hex
  /** The relayer fee, in basis points of the amount; default 10 (0.1 %), at least 1 wei. */
  feeBps?: number
  /** How often the stand-in looks for deposits on the origin chains, in ms; default 500. */
  pollIntervalMs?: number
  /** Port; default 0 (any free one). Host is always 127.0.0.1. */
  port?: number
}

/** Relay's intent statuses that the stand-in goes through. */
export type BridgeStandInStatus = 'waiting' | 'pending' | 'submitted' | 'success' | 'failure'

/** One quoted request: the deposit it waits for on the origin chain and the fill it sends on the destination. */
export type BridgeStandInRequest = {
  requestId: Hex
  status: BridgeStandInStatus
  originChainId: number
  destinationChainId: number
  user: Address
  recipient: Address
  /** What the user deposits on the origin chain, in wei (the amount plus the fee). */
  amountIn: bigint
  /** What the recipient receives on the destination chain, in wei. */
  amountOut: bigint
  /** The deposit's transaction hash, once seen. */
  inTxHashes: Hex[]
  /** The fill's transaction hash, once sent. */
  txHashes: Hex[]
  updatedAt: number
}

/** A running bridge stand-in. */
export type BridgeStandIn = {
  /** `http://127.0.0.1:<port>`: the bridge API's base URL (mainnet and testnet hosts alike). */
  url: string
  /** Where deposits go on every origin chain; it sends the fills on the destination chains. */
  solverAddress: Address
  /** The quoted requests by request id. */
  requests: ReadonlyMap<Hex, BridgeStandInRequest>
  /** Looks for deposits now and fills them (the stand-in also does so every `pollIntervalMs`). */
  settle(): Promise<void>
  /** Stops watching and listening. */
  close(): Promise<void>
}

/** Relay's trade types: EXACT_OUTPUT fixes what the recipient gets, EXACT_INPUT what the user pays. */
const TRADE_TYPES = ['EXACT_INPUT', 'EXACT_OUTPUT', 'EXPECTED_OUTPUT'] as const
const QUOTE_PATHS = ['/quote', '/quote/v2', '/execute/swap', '/execute/bridge']
const STATUS_PATHS = ['/intents/status', '/intents/status/v2', '/intents/status/v3']
const NATIVE_DECIMALS = 18
/** What the stand-in gives a fresh solver on every chain: 1,000 of the native coin, in wei. */
const SOLVER_FUNDS = 10n ** 21n

class QuoteError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message)
  }
}

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'))
      } catch {
        resolve(undefined)
      }
    })
    request.on('error', () => resolve(undefined))
  })
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    // Browsers call the bridge API directly from the modal, as they call Relay's.
    'access-control-allow-origin': '*',
  })
  response.end(JSON.stringify(value))
}

/**
 * A local stand-in for the Relay bridge API (DESIGN.md "Local real components"; spec 02 §7 "Bridge quote"),
 * on loopback, whose quotes are real transactions on local EVM chains:
 * - `POST /quote` (also `/quote/v2`, `/execute/swap`, `/execute/bridge`) `{ user, recipient?, originChainId,
 *   destinationChainId, originCurrency, destinationCurrency, amount, tradeType }` (amount in wei as a decimal
 *   string; currencies are the zero address, the native coin) → `{ steps, fees, details }` in Relay's shape:
 *   one `deposit` step whose item's `data` is the transaction `{ from, to, data, value, chainId }` paying
 *   `amountIn` (the amount plus the fee for EXACT_OUTPUT) to the solver, with the request id as calldata;
 * - `GET /intents/status?requestId=` (also `/v2`, `/v3`) → `{ status, inTxHashes, txHashes, updatedAt,
 *   originChainId, destinationChainId }`, status `waiting` → `pending` → `submitted` → `success`.
 * The stand-in watches the origin chains (every `pollIntervalMs`, and on each status call): when a
 * successful transaction pays at least `amountIn` to the solver with the request id as calldata, the solver
 * sends `amountOut` to the recipient on the destination chain. Errors answer 400 (404 for an unknown request)
 * with Relay's `{ message, errorCode }`: `INVALID_ADDRESS` (message 'Invalid address …'), `INVALID_INPUT`,
 * `UNSUPPORTED_CHAIN`, `UNSUPPORTED_CURRENCY`, `UNSUPPORTED_ROUTE`, `AMOUNT_TOO_LOW`, `INSUFFICIENT_LIQUIDITY`.
 *
 * @example
 * const bridge = await startBridgeStandIn({ chains: [
 *   { chainId: 31337, rpcUrl: anvil.rpcUrl }, { chainId: 31338, rpcUrl: secondAnvil.rpcUrl },
 * ] })
 * const quote = await fetch(`${bridge.url}/quote`, { method: 'POST', body: JSON.stringify({ … }) })
 */
export async function startBridgeStandIn(options: StartBridgeStandInOptions): Promise<BridgeStandIn> {
  const feeBps = BigInt(options.feeBps ?? 10)
  const solverKey = options.solverPrivateKey ?? generatePrivateKey()
  const solver = privateKeyToAccount(solverKey)
  const chains = new Map(
    options.chains.map((config) => {
      const chain = defineChain({
        id: config.chainId,
        name: config.name ?? `Chain ${config.chainId}`,
        nativeCurrency: { name: config.symbol ?? 'ETH', symbol: config.symbol ?? 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [config.rpcUrl] } },
      })
      const transport = http(config.rpcUrl)
      const entry = {
        config,
        symbol: config.symbol ?? 'ETH',
        publicClient: createPublicClient({ chain, transport, pollingInterval: 100 }) as PublicClient,
        walletClient: createWalletClient({ account: solver, chain, transport }),
        /** The last block looked at for deposits. */
        scannedTo: 0n as bigint,
      }
      return [config.chainId, entry] as [number, typeof entry]
    }),
  )
  for (const chain of chains.values()) {
    if (!options.solverPrivateKey)
      await anvilRpc(chain.config.rpcUrl, 'anvil_setBalance', [solver.address, numberToHex(SOLVER_FUNDS)])
    chain.scannedTo = await chain.publicClient.getBlockNumber()
  }
  const requests = new Map<Hex, BridgeStandInRequest>()

  const currencyOf = (chainId: number) => ({
    chainId,
    address: zeroAddress,
    symbol: chains.get(chainId)?.symbol ?? 'ETH',
    name: chains.get(chainId)?.symbol ?? 'ETH',
    decimals: NATIVE_DECIMALS,
    metadata: { logoURI: '', verified: true, isNative: true },
  })
  const amountOf = (chainId: number, amount: bigint) => ({
    currency: currencyOf(chainId),
    amount: amount.toString(),
    amountFormatted: formatUnits(amount, NATIVE_DECIMALS),
    amountUsd: '0',
    minimumAmount: amount.toString(),
  })

  async function quote(body: unknown) {
    if (!body || typeof body !== 'object')
      throw new QuoteError(400, 'INVALID_INPUT', 'body must be an object')
    const fields = body as Record<string, unknown>
    const user = fields.user
    const recipient = fields.recipient ?? fields.user
    for (const address of [user, recipient])
      if (typeof address !== 'string' || !isAddress(address, { strict: false }))
        throw new QuoteError(400, 'INVALID_ADDRESS', `Invalid address ${String(address)}`)
    const originChainId = fields.originChainId
    const destinationChainId = fields.destinationChainId
    if (typeof originChainId !== 'number' || typeof destinationChainId !== 'number')
      throw new QuoteError(400, 'INVALID_INPUT', 'originChainId and destinationChainId must be numbers')
    const origin = chains.get(originChainId)
    const destination = chains.get(destinationChainId)
    if (!origin) throw new QuoteError(400, 'UNSUPPORTED_CHAIN', `Unsupported chain ${originChainId}`)
    if (!destination)
      throw new QuoteError(400, 'UNSUPPORTED_CHAIN', `Unsupported chain ${destinationChainId}`)
    for (const currency of [fields.originCurrency, fields.destinationCurrency])
      if (typeof currency !== 'string' || currency.toLowerCase() !== zeroAddress)
        throw new QuoteError(400, 'UNSUPPORTED_CURRENCY', `Unsupported currency ${String(currency)}`)
    if (originChainId === destinationChainId || origin.symbol !== destination.symbol)
      throw new QuoteError(400, 'UNSUPPORTED_ROUTE', 'No route found between these currencies')
    if (typeof fields.amount !== 'string' || !/^\d+$/.test(fields.amount) || BigInt(fields.amount) === 0n)
      throw new QuoteError(400, 'INVALID_INPUT', 'amount must be a positive integer in the smallest unit')
    const tradeType = fields.tradeType
    if (!TRADE_TYPES.includes(tradeType as (typeof TRADE_TYPES)[number]))
      throw new QuoteError(400, 'INVALID_INPUT', `tradeType must be one of ${TRADE_TYPES.join(', ')}`)
    const amount = BigInt(fields.amount)
    const feeOf = (value: bigint) => {
      const fee = (value * feeBps + 9_999n) / 10_000n
      return fee > 0n ? fee : 1n
    }
    const exactInput = tradeType === 'EXACT_INPUT'
    const fee = feeOf(amount)
    const amountIn = exactInput ? amount : amount + fee
    const amountOut = exactInput ? amount - fee : amount
    if (amountOut <= 0n) throw new QuoteError(400, 'AMOUNT_TOO_LOW', 'Amount is too low to cover the fees')
    const liquidity = await destination.publicClient.getBalance({ address: solver.address })
    if (liquidity < amountOut)
      throw new QuoteError(400, 'INSUFFICIENT_LIQUIDITY', 'The solver lacks liquidity on the destination')

    const requestId = `0x${randomBytes(32).toString('hex')}` as Hex
    requests.set(requestId, {
      requestId,
      status: 'waiting',
      originChainId,
      destinationChainId,
      user: user as Address,
      recipient: recipient as Address,
      amountIn,
      amountOut,
      inTxHashes: [],
      txHashes: [],
      updatedAt: Date.now(),
    })
    return {
      steps: [
        {
          id: 'deposit',
          action: 'Confirm transaction in your wallet',
          description: `Depositing funds to the relayer to bridge ${origin.symbol}`,
          kind: 'transaction',
          requestId,
          items: [
            {
              status: 'incomplete',
              data: {
                from: user,
                to: solver.address,
                data: requestId,
                value: amountIn.toString(),
                chainId: originChainId,
              },
              check: { endpoint: `/intents/status?requestId=${requestId}`, method: 'GET' },
            },
          ],
        },
      ],
      fees: {
        gas: amountOf(originChainId, 0n),
        relayer: amountOf(originChainId, fee),
        relayerGas: amountOf(originChainId, 0n),
        relayerService: amountOf(originChainId, fee),
        app: amountOf(originChainId, 0n),
      },
      details: {
        operation: 'bridge',
        sender: user,
        recipient,
        currencyIn: amountOf(originChainId, amountIn),
        currencyOut: amountOf(destinationChainId, amountOut),
        totalImpact: { usd: '0', percent: ((-Number(fee) * 100) / Number(amountIn)).toFixed(2) },
        rate: (Number(amountOut) / Number(amountIn)).toString(),
        timeEstimate: 2,
      },
    }
  }

  /** Sends the recipient its amount on the destination chain, once. */
  async function fill(request: BridgeStandInRequest) {
    const destination = chains.get(request.destinationChainId)
    if (!destination) return
    request.status = 'pending'
    request.updatedAt = Date.now()
    try {
      const hash = await destination.walletClient.sendTransaction({
        to: request.recipient,
        value: request.amountOut,
      })
      request.txHashes.push(hash)
      request.status = 'submitted'
      const receipt = await destination.publicClient.waitForTransactionReceipt({ hash })
      request.status = receipt.status === 'success' ? 'success' : 'failure'
    } catch {
      request.status = 'failure'
    }
    request.updatedAt = Date.now()
  }

  /** Looks at the new blocks of each origin chain for deposits of waiting requests, then fills them. */
  async function scan() {
    for (const [chainId, chain] of chains) {
      const latest = await chain.publicClient.getBlockNumber()
      const waiting = new Map<string, BridgeStandInRequest>()
      for (const request of requests.values())
        if (request.status === 'waiting' && request.originChainId === chainId)
          waiting.set(request.requestId.toLowerCase(), request)
      if (waiting.size === 0) {
        chain.scannedTo = latest
        continue
      }
      for (let number = chain.scannedTo + 1n; number <= latest; number++) {
        const block = await chain.publicClient.getBlock({ blockNumber: number, includeTransactions: true })
        for (const tx of block.transactions) {
          const request = waiting.get(tx.input.toLowerCase())
          if (!request || tx.to?.toLowerCase() !== solver.address.toLowerCase()) continue
          if (tx.value < request.amountIn) continue
          const receipt = await chain.publicClient.getTransactionReceipt({ hash: tx.hash })
          if (receipt.status !== 'success') continue
          request.inTxHashes.push(tx.hash)
          waiting.delete(tx.input.toLowerCase())
          await fill(request)
        }
        chain.scannedTo = number
      }
    }
  }

  let running: Promise<void> | undefined
  const settle = () => {
    running ??= scan().finally(() => {
      running = undefined
    })
    return running
  }
  const timer = setInterval(() => {
    settle().catch(() => {})
  }, options.pollIntervalMs ?? 500)

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type, x-api-key',
        'access-control-max-age': '600',
      })
      return response.end()
    }
    try {
      if (request.method === 'POST' && QUOTE_PATHS.includes(url.pathname))
        return sendJson(response, 200, await quote(await readJson(request)))
      if (request.method === 'GET' && STATUS_PATHS.includes(url.pathname)) {
        const requestId = (url.searchParams.get('requestId') ?? '').toLowerCase() as Hex
        const found = requests.get(requestId)
        if (!found)
          return sendJson(response, 404, { message: 'Request not found', errorCode: 'REQUEST_NOT_FOUND' })
        await settle().catch(() => {})
        return sendJson(response, 200, {
          status: found.status,
          inTxHashes: found.inTxHashes,
          txHashes: found.txHashes,
          updatedAt: found.updatedAt,
          originChainId: found.originChainId,
          destinationChainId: found.destinationChainId,
        })
      }
      return sendJson(response, 404, { message: 'Not found', errorCode: 'NOT_FOUND' })
    } catch (error) {
      if (error instanceof QuoteError)
        return sendJson(response, error.status, { message: error.message, errorCode: error.errorCode })
      return sendJson(response, 500, { message: 'Internal error', errorCode: 'INTERNAL_ERROR' })
    }
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    solverAddress: solver.address,
    requests,
    settle,
    async close() {
      clearInterval(timer)
      await running?.catch(() => {})
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
