import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { base58 } from '@scure/base'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  defineChain,
  encodeFunctionData,
  erc20Abi,
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
import { mintTestToken, type TestToken } from './testToken'

/** One EVM chain the bridge stand-in serves (a local anvil, or any chain where the solver has funds). */
export type BridgeStandInChain = {
  chainId: number
  rpcUrl: string
  /** Display name; default `Chain {chainId}`. */
  name?: string
  /** Symbol of the native coin (18 decimals); default `ETH`. Coins of the same symbol bridge 1:1. */
  symbol?: string
  /**
   * ERC-20 tokens on this chain (e.g. placed with `placeTestToken`); tokens of the same symbol on two chains
   * bridge 1:1 (scaled by their decimals).
   */
  tokens?: readonly TestToken[]
}

/** Options of {@link startBridgeStandIn}. */
export type StartBridgeStandInOptions = {
  chains: readonly BridgeStandInChain[]
  /**
   * The solver's key, funded on every chain. Default: a fresh key that the stand-in funds with 1,000 of the
   * native coin on every chain through anvil's `anvil_setBalance`, and with 1,000,000 of each token by
   * writing its balance (`mintTestToken`: the test token's storage layout).
   */
  solverPrivateKey?: Hex
  /** The relayer fee, in basis points of the amount; default 10 (0.1 %), at least 1 wei. */
  feeBps?: number
  /**
   * A Solana cluster to bridge from (Relay's chain id 792703809, SOL as `11111111111111111111111111111111`):
   * its quotes' step is a system transfer to a deposit address of the request, watched with `getBalance`.
   */
  solana?: { rpcUrl: string }
  /**
   * USD prices by symbol for routes between different coins (SOL to ETH…); default `{ ETH: 3000, SOL: 150 }`.
   * Coins of the same symbol bridge 1:1.
   */
  usdPrices?: Readonly<Record<string, number>>
  /**
   * How a token is deposited: `'transfer'` (default), one step transferring it to the solver with the request
   * id appended; or `'approve'`, two steps — `approve(solver, amountIn)`, then a deposit transaction to the
   * solver carrying the request id, after which the solver pulls the tokens (`transferFrom`).
   */
  tokenDeposit?: 'transfer' | 'approve'
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
  /** The paying account: an EVM address, or a base58 Solana address for a Solana origin. */
  user: string
  /** The receiving account: an EVM address, or a base58 Solana address for a Solana destination. */
  recipient: string
  /** Where a Solana origin's deposit goes (base58): an address of this request alone. */
  depositAddress?: string | undefined
  /** The currencies: the zero address for the native coin, else the token's address on its chain. */
  originCurrency: string
  destinationCurrency: string
  /** What the user deposits on the origin chain, in its smallest unit (the amount plus the fee). */
  amountIn: bigint
  /** What the recipient receives on the destination chain, in its smallest unit. */
  amountOut: bigint
  /** Whether the solver pulls the tokens once the deposit transaction is seen (`tokenDeposit: 'approve'`). */
  pull: boolean
  /** The deposit's transaction hash, once seen. */
  inTxHashes: Hex[]
  /** The fill's transaction hash (a Solana signature on Solana), once sent. */
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
/** Solana at the bridge API (docs/limits.md), and SOL's currency address there. */
const SOLANA_CHAIN_ID = 792703809
const SOL_CURRENCY = '11111111111111111111111111111111'
const DEFAULT_USD_PRICES: Readonly<Record<string, number>> = { ETH: 3000, SOL: 150 }

/** Whether `value` is a base58 Solana address (32 bytes). */
function isSolanaAddress(value: unknown): value is string {
  try {
    return typeof value === 'string' && base58.decode(value).length === 32
  } catch {
    return false
  }
}

/** One JSON-RPC call to a Solana cluster; throws `Error` with the node's message. */
async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/**
 * A signed legacy Solana transaction moving `lamports` from the key's account to `to` (the system program's
 * transfer, instruction 2 with the amount as u64 little-endian), for the solver's fills on Solana.
 */
function signedSolTransfer(
  key: { publicKey: Uint8Array; sign(message: Uint8Array): Uint8Array },
  to: string,
  lamports: bigint,
  blockhash: string,
): Uint8Array {
  const data = Buffer.alloc(12)
  data.writeUInt32LE(2, 0)
  data.writeBigUInt64LE(lamports, 4)
  const message = Uint8Array.from([
    // One signer (the payer), no read-only signed account, one read-only unsigned (the system program).
    1,
    0,
    1,
    3,
    ...key.publicKey,
    ...base58.decode(to),
    ...base58.decode(SOL_CURRENCY),
    ...base58.decode(blockhash),
    1,
    2,
    2,
    0,
    1,
    data.length,
    ...data,
  ])
  return Uint8Array.from([1, ...key.sign(message), ...message])
}

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
 * A local stand-in for the Relay bridge API (docs/architecture.md "Local real components"; docs/api.md),
 * on loopback, whose quotes are real transactions on local EVM chains:
 * - `POST /quote` (also `/quote/v2`, `/execute/swap`, `/execute/bridge`) `{ user, recipient?, originChainId,
 *   destinationChainId, originCurrency, destinationCurrency, amount, tradeType }` (amount in the smallest
 *   unit as a decimal string; a currency is the zero address, the native coin, or a token of the chain's
 *   `tokens`; the same symbol on both sides) → `{ steps, fees, details }` in Relay's shape: one `deposit` step
 *   whose item's `data` is the transaction `{ from, to, data, value, chainId }` paying `amountIn` (the amount
 *   plus the fee for EXACT_OUTPUT) to the solver: the native coin with the request id as calldata, or the
 *   token's `transfer(solver, amountIn)` with the request id appended (with `tokenDeposit: 'approve'`, an
 *   `approve` step first, and a deposit naming the request after which the solver pulls the tokens);
 * - from Solana (`solana` set; originChainId 792703809, originCurrency `11111111111111111111111111111111`,
 *   `user` base58): the step's item `data` is `{ instructions, addressLookupTableAddresses }`, one system
 *   transfer of `amountIn` lamports to a deposit address of the request; SOL pays for ETH at `usdPrices`;
 * - to Solana (`solana` set; destinationChainId 792703809, destinationCurrency SOL, `recipient` base58): the
 *   EVM deposit as above, then the solver (an airdropped Solana account) sends the SOL; ETH pays for SOL at
 *   `usdPrices`;
 * - `GET /intents/status?requestId=` (also `/v2`, `/v3`) → `{ status, inTxHashes, txHashes, updatedAt,
 *   originChainId, destinationChainId }`, status `waiting` → `pending` → `submitted` → `success`.
 * The stand-in watches the origin chains (every `pollIntervalMs`, and on each status call): when a
 * successful transaction deposits at least `amountIn` of the origin currency to the solver with the request id,
 * the solver sends `amountOut` of the destination currency to the recipient on the destination chain. Errors answer 400 (404 for an unknown request)
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
    if (!options.solverPrivateKey) {
      await anvilRpc(chain.config.rpcUrl, 'anvil_setBalance', [solver.address, numberToHex(SOLVER_FUNDS)])
      for (const token of chain.config.tokens ?? [])
        await mintTestToken(
          chain.config.rpcUrl,
          token.address,
          solver.address,
          10n ** BigInt(token.decimals + 6),
        )
    }
    chain.scannedTo = await chain.publicClient.getBlockNumber()
  }
  const requests = new Map<Hex, BridgeStandInRequest>()
  // The solver's Solana account (ed25519), funded by airdrop, pays the fills on Solana.
  const solanaKey = (() => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519')
    const x = publicKey.export({ format: 'jwk' }).x as string
    return {
      publicKey: Uint8Array.from(Buffer.from(x, 'base64url')),
      sign: (message: Uint8Array) => Uint8Array.from(sign(null, message, privateKey)),
    }
  })()
  const solanaSolver = base58.encode(solanaKey.publicKey)
  if (options.solana)
    await solanaRpc(options.solana.rpcUrl, 'requestAirdrop', [solanaSolver, Number(SOLVER_FUNDS / 10n ** 9n)])

  /** A currency of a chain by address: the native coin (zero address) or one of its tokens. */
  type Currency = { address: Address; symbol: string; decimals: number; native: boolean }
  const currencyOn = (chainId: number, address: string): Currency | undefined => {
    if (chainId === SOLANA_CHAIN_ID && options.solana)
      return address === SOL_CURRENCY
        ? { address: SOL_CURRENCY as Address, symbol: 'SOL', decimals: 9, native: true }
        : undefined
    const chain = chains.get(chainId)
    if (!chain) return undefined
    if (address.toLowerCase() === zeroAddress)
      return { address: zeroAddress, symbol: chain.symbol, decimals: NATIVE_DECIMALS, native: true }
    const token = chain.config.tokens?.find(
      (candidate) => candidate.address.toLowerCase() === address.toLowerCase(),
    )
    return token && { address: token.address, symbol: token.symbol, decimals: token.decimals, native: false }
  }
  const amountOf = (chainId: number, currency: Currency, amount: bigint) => ({
    currency: {
      chainId,
      address: currency.address,
      symbol: currency.symbol,
      name: currency.symbol,
      decimals: currency.decimals,
      metadata: { logoURI: '', verified: true, isNative: currency.native },
    },
    amount: amount.toString(),
    amountFormatted: formatUnits(amount, currency.decimals),
    amountUsd: '0',
    minimumAmount: amount.toString(),
  })
  /** What `address` holds of `currency` on a chain, in its smallest unit. */
  const holding = (chain: { publicClient: PublicClient }, currency: Currency, address: Address) =>
    currency.native
      ? chain.publicClient.getBalance({ address })
      : chain.publicClient.readContract({
          address: currency.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        })

  async function quote(body: unknown) {
    if (!body || typeof body !== 'object')
      throw new QuoteError(400, 'INVALID_INPUT', 'body must be an object')
    const fields = body as Record<string, unknown>
    const fromSolana = fields.originChainId === SOLANA_CHAIN_ID && options.solana !== undefined
    const toSolana =
      fields.destinationChainId === SOLANA_CHAIN_ID && options.solana !== undefined && !fromSolana
    const user = fields.user
    const recipient = fields.recipient ?? fields.user
    const invalid = (address: unknown) =>
      new QuoteError(400, 'INVALID_ADDRESS', `Invalid address ${String(address)}`)
    if (fromSolana ? !isSolanaAddress(user) : typeof user !== 'string' || !isAddress(user, { strict: false }))
      throw invalid(user)
    if (
      toSolana
        ? !isSolanaAddress(recipient)
        : typeof recipient !== 'string' || !isAddress(recipient, { strict: false })
    )
      throw invalid(recipient)
    const originChainId = fields.originChainId
    const destinationChainId = fields.destinationChainId
    if (typeof originChainId !== 'number' || typeof destinationChainId !== 'number')
      throw new QuoteError(400, 'INVALID_INPUT', 'originChainId and destinationChainId must be numbers')
    const origin = fromSolana ? undefined : chains.get(originChainId)
    const destination = toSolana ? undefined : chains.get(destinationChainId)
    if (!origin && !fromSolana)
      throw new QuoteError(400, 'UNSUPPORTED_CHAIN', `Unsupported chain ${originChainId}`)
    if (!destination && !toSolana)
      throw new QuoteError(400, 'UNSUPPORTED_CHAIN', `Unsupported chain ${destinationChainId}`)
    const unsupported = (currency: unknown) =>
      new QuoteError(400, 'UNSUPPORTED_CURRENCY', `Unsupported currency ${String(currency)}`)
    const currencyIn =
      typeof fields.originCurrency === 'string' ? currencyOn(originChainId, fields.originCurrency) : undefined
    if (!currencyIn) throw unsupported(fields.originCurrency)
    const currencyOut =
      typeof fields.destinationCurrency === 'string'
        ? currencyOn(destinationChainId, fields.destinationCurrency)
        : undefined
    if (!currencyOut) throw unsupported(fields.destinationCurrency)
    const prices = options.usdPrices ?? DEFAULT_USD_PRICES
    const priceIn = prices[currencyIn.symbol]
    const priceOut = prices[currencyOut.symbol]
    const sameCoin = currencyIn.symbol === currencyOut.symbol
    // Different coins only between the native coins of two chains, at their USD prices.
    const swap = !sameCoin && currencyIn.native && currencyOut.native && !!priceIn && !!priceOut
    if (originChainId === destinationChainId || (!sameCoin && !swap))
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
    // An amount of the origin currency in the destination's units, and back (rounded up): 1:1 for the same
    // coin, else at the ratio of the USD prices (in millionths of a dollar).
    const micro = (price: number | undefined) => BigInt(Math.round((sameCoin ? 1 : (price ?? 1)) * 1e6))
    const scaleIn = 10n ** BigInt(currencyIn.decimals) * micro(priceOut)
    const scaleOut = 10n ** BigInt(currencyOut.decimals) * micro(priceIn)
    const toOut = (value: bigint) => (value * scaleOut) / scaleIn
    const toIn = (value: bigint) => (value * scaleIn + scaleOut - 1n) / scaleOut
    const exactInput = tradeType === 'EXACT_INPUT'
    const fee = feeOf(amount)
    const amountIn = exactInput ? amount : toIn(amount + fee)
    const amountOut = exactInput ? toOut(amount - fee) : amount
    const feeIn = exactInput ? fee : amountIn - toIn(amount)
    if (amountOut <= 0n) throw new QuoteError(400, 'AMOUNT_TOO_LOW', 'Amount is too low to cover the fees')
    const liquidity = destination
      ? await holding(destination, currencyOut, solver.address)
      : BigInt(
          (await solanaRpc<{ value: number }>(options.solana?.rpcUrl as string, 'getBalance', [solanaSolver]))
            .value,
        )
    if (liquidity < amountOut)
      throw new QuoteError(400, 'INSUFFICIENT_LIQUIDITY', 'The solver lacks liquidity on the destination')

    const requestId = `0x${randomBytes(32).toString('hex')}` as Hex
    const pull = !currencyIn.native && !fromSolana && options.tokenDeposit === 'approve'
    const depositAddress = fromSolana ? base58.encode(randomBytes(32)) : undefined
    requests.set(requestId, {
      requestId,
      status: 'waiting',
      originChainId,
      destinationChainId,
      user: user as string,
      recipient: recipient as string,
      depositAddress,
      pull,
      originCurrency: currencyIn.address,
      destinationCurrency: currencyOut.address,
      amountIn,
      amountOut,
      inTxHashes: [],
      txHashes: [],
      updatedAt: Date.now(),
    })
    // The native coin is paid to the solver with the request id as calldata; a token is transferred to it
    // with the request id appended to `transfer`'s calldata (Relay's deposits from an account).
    // With `tokenDeposit: 'approve'`, a token is approved to the solver, then the deposit names the request.
    const deposit = currencyIn.native
      ? { to: solver.address, data: requestId, value: amountIn.toString() }
      : pull
        ? { to: solver.address, data: requestId, value: '0' }
        : {
            to: currencyIn.address,
            data: `${encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [solver.address, amountIn] })}${requestId.slice(2)}`,
            value: '0',
          }
    // A Solana origin pays with one system transfer (instruction 2, lamports as u64 little-endian) to the
    // request's deposit address, as Relay's Solana steps list instructions for the wallet to sign.
    const transferData = Buffer.alloc(12)
    transferData.writeUInt32LE(2, 0)
    transferData.writeBigUInt64LE(amountIn, 4)
    const data = depositAddress
      ? {
          instructions: [
            {
              keys: [
                { pubkey: user, isSigner: true, isWritable: true },
                { pubkey: depositAddress, isSigner: false, isWritable: true },
              ],
              programId: SOL_CURRENCY,
              data: transferData.toString('hex'),
            },
          ],
          addressLookupTableAddresses: [],
        }
      : { from: user, ...deposit, chainId: originChainId }
    return {
      steps: [
        ...(pull
          ? [
              {
                id: 'approve',
                action: 'Confirm transaction in your wallet',
                description: `Approving ${currencyIn.symbol} for the relayer`,
                kind: 'transaction',
                requestId,
                items: [
                  {
                    status: 'incomplete',
                    data: {
                      from: user,
                      to: currencyIn.address,
                      data: encodeFunctionData({
                        abi: erc20Abi,
                        functionName: 'approve',
                        args: [solver.address, amountIn],
                      }),
                      value: '0',
                      chainId: originChainId,
                    },
                  },
                ],
              },
            ]
          : []),
        {
          id: 'deposit',
          action: 'Confirm transaction in your wallet',
          description: `Depositing funds to the relayer to bridge ${currencyIn.symbol}`,
          kind: 'transaction',
          requestId,
          items: [
            {
              status: 'incomplete',
              data,
              check: { endpoint: `/intents/status?requestId=${requestId}`, method: 'GET' },
            },
          ],
        },
      ],
      fees: {
        gas: amountOf(originChainId, currencyIn, 0n),
        relayer: amountOf(originChainId, currencyIn, feeIn),
        relayerGas: amountOf(originChainId, currencyIn, 0n),
        relayerService: amountOf(originChainId, currencyIn, feeIn),
        app: amountOf(originChainId, currencyIn, 0n),
      },
      details: {
        operation: 'bridge',
        sender: user,
        recipient,
        currencyIn: amountOf(originChainId, currencyIn, amountIn),
        currencyOut: amountOf(destinationChainId, currencyOut, amountOut),
        totalImpact: { usd: '0', percent: ((-Number(feeIn) * 100) / Number(amountIn)).toFixed(2) },
        rate: (Number(amountOut) / Number(amountIn)).toString(),
        timeEstimate: 2,
      },
    }
  }

  /** Sends the recipient its amount on the destination chain, once. */
  async function fill(request: BridgeStandInRequest) {
    if (request.destinationChainId === SOLANA_CHAIN_ID && options.solana) return fillOnSolana(request)
    const destination = chains.get(request.destinationChainId)
    if (!destination) return
    request.status = 'pending'
    request.updatedAt = Date.now()
    try {
      const recipient = request.recipient as Address
      const hash =
        request.destinationCurrency === zeroAddress
          ? await destination.walletClient.sendTransaction({ to: recipient, value: request.amountOut })
          : await destination.walletClient.writeContract({
              address: request.destinationCurrency as Address,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [recipient, request.amountOut],
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

  /** Sends the recipient its SOL on the Solana cluster, once (the local cluster confirms at once). */
  async function fillOnSolana(request: BridgeStandInRequest) {
    const rpcUrl = options.solana?.rpcUrl as string
    request.status = 'pending'
    request.updatedAt = Date.now()
    try {
      const { value } = await solanaRpc<{ value: { blockhash: string } }>(rpcUrl, 'getLatestBlockhash', [])
      const transaction = signedSolTransfer(solanaKey, request.recipient, request.amountOut, value.blockhash)
      const signature = await solanaRpc<string>(rpcUrl, 'sendTransaction', [
        Buffer.from(transaction).toString('base64'),
        { encoding: 'base64' },
      ])
      request.txHashes.push(signature as Hex)
      const { value: statuses } = await solanaRpc<{ value: ({ err: unknown } | null)[] }>(
        rpcUrl,
        'getSignatureStatuses',
        [[signature]],
      )
      request.status = statuses[0] && !statuses[0].err ? 'success' : 'failure'
    } catch {
      request.status = 'failure'
    }
    request.updatedAt = Date.now()
  }

  /**
   * The deposit a transaction makes, if any: the native coin paid to the solver with a request id as calldata,
   * or a token `transfer` to the solver with the request id appended; `currency` lowercased.
   */
  function depositOf(tx: { to: Address | null; input: Hex; value: bigint }) {
    const to = tx.to?.toLowerCase()
    if (!to) return undefined
    if (to === solver.address.toLowerCase())
      return tx.input.length === 66
        ? { requestId: tx.input.toLowerCase() as Hex, currency: zeroAddress as string, amount: tx.value }
        : undefined
    // transfer(address,uint256): 4 + 64 bytes, then the 32-byte request id.
    if (!tx.input.startsWith('0xa9059cbb') || tx.input.length !== 2 + 8 + 128 + 64) return undefined
    try {
      const { args } = decodeFunctionData({ abi: erc20Abi, data: tx.input.slice(0, 2 + 8 + 128) as Hex })
      const [recipient, amount] = args as readonly [Address, bigint]
      if (recipient.toLowerCase() !== solver.address.toLowerCase()) return undefined
      return { requestId: `0x${tx.input.slice(-64).toLowerCase()}` as Hex, currency: to, amount }
    } catch {
      return undefined
    }
  }

  /** Takes an approved deposit's tokens from the user (`transferFrom`); false (request failed) when it reverts. */
  async function pullTokens(
    chain: NonNullable<ReturnType<typeof chains.get>>,
    request: BridgeStandInRequest,
  ) {
    try {
      const hash = await chain.walletClient.writeContract({
        address: request.originCurrency as Address,
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [request.user as Address, solver.address, request.amountIn],
      })
      const receipt = await chain.publicClient.waitForTransactionReceipt({ hash })
      if (receipt.status === 'success') return true
    } catch {}
    request.status = 'failure'
    request.updatedAt = Date.now()
    return false
  }

  /** Fills the waiting Solana requests whose deposit address holds the amount (`getBalance`). */
  async function scanSolana() {
    const rpcUrl = options.solana?.rpcUrl
    if (!rpcUrl) return
    for (const request of requests.values()) {
      if (request.status !== 'waiting' || !request.depositAddress) continue
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'getBalance',
          params: [request.depositAddress],
        }),
      })
      const body = (await response.json()) as { result?: { value?: number } }
      if (BigInt(body.result?.value ?? 0) < request.amountIn) continue
      await fill(request)
    }
  }

  /** Looks at the new blocks of each origin chain for deposits of waiting requests, then fills them. */
  async function scan() {
    await scanSolana()
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
          const found = depositOf(tx)
          const request = found && waiting.get(found.requestId)
          if (!found || !request) continue
          // An approved token's deposit names the request without paying: the solver pulls the tokens.
          const pulls = request.pull && found.currency === zeroAddress
          if (!pulls && request.originCurrency.toLowerCase() !== found.currency) continue
          if (!pulls && found.amount < request.amountIn) continue
          const receipt = await chain.publicClient.getTransactionReceipt({ hash: tx.hash })
          if (receipt.status !== 'success') continue
          request.inTxHashes.push(tx.hash)
          waiting.delete(found.requestId)
          if (pulls && !(await pullTokens(chain, request))) continue
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
