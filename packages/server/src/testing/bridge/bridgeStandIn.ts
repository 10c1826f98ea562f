/** A local stand-in for the Relay bridge API: its HTTP server over the solver's quotes and fills. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hex } from 'viem'
import { readJson, sendJson } from '../http/standInHttp'
import { scan } from './bridgeFills'
import { QuoteError, quote } from './bridgeQuote'
import { createBridgeSolver } from './bridgeSolver'
import type { BridgeStandIn, StartBridgeStandInOptions } from './bridgeStandInTypes'

export type * from './bridgeStandInTypes'

const QUOTE_PATHS = ['/quote', '/quote/v2', '/execute/swap', '/execute/bridge']
const STATUS_PATHS = ['/intents/status', '/intents/status/v2', '/intents/status/v3']
/** Browsers call the bridge API directly from the modal, as they call Relay's. */
const CORS = { 'access-control-allow-origin': '*' }

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
  const bridge = await createBridgeSolver(options)
  let running: Promise<void> | undefined
  const settle = () => {
    running ??= scan(bridge).finally(() => {
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
        return sendJson(response, 200, await quote(bridge, await readJson(request)), CORS)
      if (request.method === 'GET' && STATUS_PATHS.includes(url.pathname)) {
        const requestId = (url.searchParams.get('requestId') ?? '').toLowerCase() as Hex
        const found = bridge.requests.get(requestId)
        if (!found)
          return sendJson(
            response,
            404,
            { message: 'Request not found', errorCode: 'REQUEST_NOT_FOUND' },
            CORS,
          )
        await settle().catch(() => {})
        return sendJson(
          response,
          200,
          {
            status: found.status,
            inTxHashes: found.inTxHashes,
            txHashes: found.txHashes,
            updatedAt: found.updatedAt,
            originChainId: found.originChainId,
            destinationChainId: found.destinationChainId,
          },
          CORS,
        )
      }
      return sendJson(response, 404, { message: 'Not found', errorCode: 'NOT_FOUND' }, CORS)
    } catch (error) {
      if (error instanceof QuoteError)
        return sendJson(response, error.status, { message: error.message, errorCode: error.errorCode }, CORS)
      return sendJson(response, 500, { message: 'Internal error', errorCode: 'INTERNAL_ERROR' }, CORS)
    }
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    solverAddress: bridge.solver.address,
    requests: bridge.requests,
    settle,
    async close() {
      clearInterval(timer)
      await running?.catch(() => {})
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
