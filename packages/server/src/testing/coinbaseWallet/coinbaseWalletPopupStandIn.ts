import { createServer } from 'node:http'
import { createWalletClient, type Hex, http, isAddressEqual, isHex, type LocalAccount, toHex } from 'viem'
import { listenLocally } from '../http/listenLocally'
import { readJson, sendJson } from '../http/standInHttp'
import { coinbaseWalletPopupPage } from './coinbaseWalletPopupPage'

// A stand-in of Coinbase Wallet's popup (keys.coinbase.com/connect) for tests and the demo
// (docs/external-wallets.md "Coinbase Wallet"): `GET /connect` is the page `@coinbase/wallet-sdk` opens at
// `preference.keysUrl` (the postMessage protocol lives in coinbaseWalletPopupPage.ts); `POST /rpc` is where
// that page asks what the user answers, here the test key approving (or refusing, `decision: 'reject'`).

/** What the stand-in does with a well-formed request: approve it, or answer as the user refusing (4001). */
export type CoinbaseWalletStandInDecision = 'approve' | 'reject'

export type StartCoinbaseWalletPopupStandInOptions = {
  /** The test wallet's key (viem's `privateKeyToAccount`). */
  account: LocalAccount
  /** The chains the wallet knows, chain id → JSON-RPC URL (`eth_sendTransaction` sends there). */
  chains: Record<number, string>
  /** Defaults to `'approve'`; can be changed later through `standIn.decision`. */
  decision?: CoinbaseWalletStandInDecision
  port?: number
}

/** A request the popup passed on (decrypted), and what it answered. */
export type CoinbaseWalletStandInRequest = {
  /** The dapp's origin (the popup's `origin` query parameter, checked against each message's origin). */
  origin: string
  method: string
  params: unknown
  /** The chain the SDK sent the request for; null for the handshake. */
  chainId: number | null
  result?: unknown
  error?: { code: number; message: string }
}

export type CoinbaseWalletPopupStandIn = {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** The page for `preference.keysUrl`: `<url>/connect`. */
  keysUrl: string
  address: `0x${string}`
  decision: CoinbaseWalletStandInDecision
  /** Every request the popup passed on, in order. */
  requests: CoinbaseWalletStandInRequest[]
  /**
   * What the popup refused before asking: `origin` (a message from another origin, with `from`),
   * `unencrypted` (a request neither a handshake nor encrypted), `unknown_key` (an encrypted request from a
   * key that never shook hands from this origin), `unreadable` (it did not decrypt).
   */
  refusals: { reason: string; origin: string; from?: string }[]
  close(): Promise<void>
}

type Answer = { result: { value: unknown } | { error: { code: number; message: string } }; data?: unknown }

const USER_REJECTED = { code: 4001, message: 'User rejected the request.' }
const UNSUPPORTED = { code: 4200, message: 'Unsupported method.' }
const INVALID_PARAMS = { code: -32602, message: 'Invalid params.' }

/**
 * Starts the Coinbase Wallet popup stand-in on loopback. It answers `eth_requestAccounts` (the handshake, with
 * its chains as `data.chains`), `personal_sign` (EIP-191), `eth_signTypedData_v4` (EIP-712),
 * `wallet_switchEthereumChain` (a chain it does not know: Coinbase's error asking for `addEthereumChain`, code
 * -32603, not 4902), `wallet_addEthereumChain` (EIP-3085: an `http(s)` RPC URL) and `eth_sendTransaction`
 * (signed with the test key, sent through the chain's RPC URL); any other method 4200.
 *
 * @example
 * const standIn = await startCoinbaseWalletPopupStandIn({ account, chains: { 31337: anvil.rpcUrl } })
 * createCoinbaseWallet({ keysUrl: standIn.keysUrl, chains: [31337] })
 */
export async function startCoinbaseWalletPopupStandIn(
  options: StartCoinbaseWalletPopupStandInOptions,
): Promise<CoinbaseWalletPopupStandIn> {
  const { account } = options
  const chains = new Map(Object.entries(options.chains).map(([id, url]) => [Number(id), url]))
  const chainsData = () => ({ chains: Object.fromEntries(chains), capabilities: {} })

  async function answer(method: string, params: unknown, chainId: number | null): Promise<Answer> {
    const list = Array.isArray(params) ? params : []
    const value = (result: unknown, data?: unknown): Answer => ({ result: { value: result }, data })
    if (standIn.decision === 'reject') return { result: { error: USER_REJECTED } }
    switch (method) {
      case 'eth_requestAccounts':
        return value([account.address], chainsData())
      case 'personal_sign': {
        const [message, address] = list as [Hex, Hex]
        if (typeof address !== 'string' || !isAddressEqual(address, account.address))
          return { result: { error: INVALID_PARAMS } }
        return value(
          await account.signMessage({ message: isHex(message) ? { raw: message } : String(message) }),
        )
      }
      case 'eth_signTypedData_v4': {
        const typed = typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]
        const { EIP712Domain: _, ...types } = typed.types
        return value(await account.signTypedData({ ...typed, types }))
      }
      case 'wallet_switchEthereumChain': {
        const id = Number(list[0]?.chainId)
        if (chains.has(id)) return value(null, chainsData())
        const message = `Unrecognized chain ID ${toHex(id)}. Try adding the chain using wallet_addEthereumChain first.`
        return { result: { error: { code: -32603, message } } }
      }
      case 'wallet_addEthereumChain': {
        const chain = list[0] as { chainId?: string; rpcUrls?: string[] } | undefined
        const rpcUrl = chain?.rpcUrls?.[0]
        if (!isHex(chain?.chainId) || !rpcUrl || !/^https?:\/\//.test(rpcUrl))
          return { result: { error: INVALID_PARAMS } }
        chains.set(Number(chain.chainId), rpcUrl)
        return value(null, chainsData())
      }
      case 'eth_sendTransaction': {
        const rpcUrl = chainId === null ? undefined : chains.get(chainId)
        const transaction = list[0] as { from?: Hex; to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        if (
          !rpcUrl ||
          !transaction ||
          (transaction.from && !isAddressEqual(transaction.from, account.address))
        )
          return { result: { error: INVALID_PARAMS } }
        const wallet = createWalletClient({ account, transport: http(rpcUrl) })
        return value(
          await wallet.sendTransaction({
            chain: null,
            to: transaction.to,
            value: transaction.value ? BigInt(transaction.value) : undefined,
            data: transaction.data,
            gas: transaction.gas ? BigInt(transaction.gas) : undefined,
          }),
        )
      }
      default:
        return { result: { error: UNSUPPORTED } }
    }
  }

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname
    if (request.method === 'GET' && path === '/connect') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      response.end(coinbaseWalletPopupPage)
      return
    }
    if (request.method !== 'POST' || path !== '/rpc') return sendJson(response, 404, { error: 'not found' })
    const body = (await readJson(request)) as Record<string, unknown> | null | undefined
    const origin = typeof body?.origin === 'string' ? body.origin : ''
    if (typeof body?.refused === 'string') {
      const from = typeof body.from === 'string' ? body.from : undefined
      standIn.refusals.push({ reason: body.refused, origin, ...(from ? { from } : {}) })
      return sendJson(response, 200, {})
    }
    if (typeof body?.method !== 'string') return sendJson(response, 400, { error: 'method is required' })
    const chainId = typeof body.chainId === 'number' ? body.chainId : null
    const entry: CoinbaseWalletStandInRequest = { origin, method: body.method, params: body.params, chainId }
    standIn.requests.push(entry)
    let reply: Answer
    try {
      reply = await answer(body.method, body.params, chainId)
    } catch (error) {
      reply = { result: { error: { code: -32603, message: (error as Error).message } } }
    }
    if ('error' in reply.result) entry.error = reply.result.error
    else entry.result = reply.result.value
    sendJson(response, 200, reply)
  })
  const local = await listenLocally(server, { port: options.port })
  const standIn: CoinbaseWalletPopupStandIn = {
    url: local.url,
    keysUrl: `${local.url}/connect`,
    address: account.address,
    decision: options.decision ?? 'approve',
    requests: [],
    refusals: [],
    close: local.close,
  }
  return standIn
}
