/** The bridge stand-in's quotes: the request checked and priced, the deposit steps the wallet signs. */
import { randomBytes } from 'node:crypto'
import { base58 } from '@scure/base'
import { encodeFunctionData, erc20Abi, type Hex, isAddress } from 'viem'
import { amountOf, currencyOn, holding } from './bridgeCurrencies'
import type { BridgeSolver } from './bridgeSolver'
import { isSolanaAddress, SOL_CURRENCY, SOLANA_CHAIN_ID, solanaRpc } from './solanaTransfers'

/** Relay's trade types: EXACT_OUTPUT fixes what the recipient gets, EXACT_INPUT what the user pays. */
const TRADE_TYPES = ['EXACT_INPUT', 'EXACT_OUTPUT', 'EXPECTED_OUTPUT'] as const
const DEFAULT_USD_PRICES: Readonly<Record<string, number>> = { ETH: 3000, SOL: 150 }

/** A refused quote: the HTTP status and Relay's `errorCode`. */
export class QuoteError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message)
  }
}

/** The quote of a request `body` (see `startBridgeStandIn`); throws {@link QuoteError}. */
export async function quote(bridge: BridgeSolver, body: unknown) {
  if (!body || typeof body !== 'object') throw new QuoteError(400, 'INVALID_INPUT', 'body must be an object')
  const fields = body as Record<string, unknown>
  const fromSolana = fields.originChainId === SOLANA_CHAIN_ID && bridge.options.solana !== undefined
  const toSolana =
    fields.destinationChainId === SOLANA_CHAIN_ID && bridge.options.solana !== undefined && !fromSolana
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
  const origin = fromSolana ? undefined : bridge.chains.get(originChainId)
  const destination = toSolana ? undefined : bridge.chains.get(destinationChainId)
  if (!origin && !fromSolana)
    throw new QuoteError(400, 'UNSUPPORTED_CHAIN', `Unsupported chain ${originChainId}`)
  if (!destination && !toSolana)
    throw new QuoteError(400, 'UNSUPPORTED_CHAIN', `Unsupported chain ${destinationChainId}`)
  const unsupported = (currency: unknown) =>
    new QuoteError(400, 'UNSUPPORTED_CURRENCY', `Unsupported currency ${String(currency)}`)
  const currencyIn =
    typeof fields.originCurrency === 'string'
      ? currencyOn(bridge, originChainId, fields.originCurrency)
      : undefined
  if (!currencyIn) throw unsupported(fields.originCurrency)
  const currencyOut =
    typeof fields.destinationCurrency === 'string'
      ? currencyOn(bridge, destinationChainId, fields.destinationCurrency)
      : undefined
  if (!currencyOut) throw unsupported(fields.destinationCurrency)
  const prices = bridge.options.usdPrices ?? DEFAULT_USD_PRICES
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
    const fee = (value * bridge.feeBps + 9_999n) / 10_000n
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
    ? await holding(destination, currencyOut, bridge.solver.address)
    : BigInt(
        (
          await solanaRpc<{ value: number }>(bridge.options.solana?.rpcUrl as string, 'getBalance', [
            bridge.solanaSolver,
          ])
        ).value,
      )
  if (liquidity < amountOut)
    throw new QuoteError(400, 'INSUFFICIENT_LIQUIDITY', 'The solver lacks liquidity on the destination')

  const requestId = `0x${randomBytes(32).toString('hex')}` as Hex
  const pull = !currencyIn.native && !fromSolana && bridge.options.tokenDeposit === 'approve'
  const depositAddress = fromSolana ? base58.encode(randomBytes(32)) : undefined
  bridge.requests.set(requestId, {
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
    ? { to: bridge.solver.address, data: requestId, value: amountIn.toString() }
    : pull
      ? { to: bridge.solver.address, data: requestId, value: '0' }
      : {
          to: currencyIn.address,
          data: `${encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bridge.solver.address, amountIn] })}${requestId.slice(2)}`,
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
                      args: [bridge.solver.address, amountIn],
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
