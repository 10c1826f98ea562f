import { numberToHex } from 'viem'
import { getEthereumChain } from '../../actions/wallet/getEthereumChain'
import { sendTransaction } from '../../actions/wallet/sendTransaction'
import { signMessage } from '../../actions/wallet/signMessage'
import { signTypedData } from '../../actions/wallet/signTypedData'
import { switchEthereumChain } from '../../actions/wallet/switchEthereumChain'
import { walletRpc } from '../../actions/wallet/walletRpc'
import type { FoyerClient } from '../../client/FoyerClient'
import { BaseError } from '../../errors/BaseError'
import type { EmbeddedWalletInfo } from '../EmbeddedWalletInfo'
import { ChainNotConfiguredError } from '../errors/ChainNotConfiguredError'
import { EmbeddedWalletError } from '../errors/EmbeddedWalletError'
import { InvalidTransactionRequestError } from '../errors/InvalidTransactionRequestError'
import { ProviderRpcError } from '../errors/ProviderRpcError'
import { UserRejectedRequestError } from '../errors/UserRejectedRequestError'
import { WalletProxyError } from '../errors/WalletProxyError'
import { resolveWallet } from '../resolveWallet'
import { validateTransactionRequest } from '../transactions/validateTransactionRequest'
import type { EIP1193EventName, EIP1193Provider, EIP1193RequestArguments } from './EIP1193Provider'

/** Parameters of {@link createEthereumProvider}. */
export type CreateEthereumProviderParameters = {
  /** The embedded wallet; default the user's first Ethereum embedded wallet. */
  wallet?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined
}

/** Signing methods the embedded wallet does not offer (answered 4200 rather than forwarded to the node). */
const unsupported = new Set([
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_sendRawTransaction_unsigned',
  'wallet_requestPermissions',
  'wallet_watchAsset',
  'wallet_sendCalls',
])

/**
 * An EIP-1193 provider for the embedded Ethereum wallet, usable with viem's
 * `custom` transport and wagmi:
 * - `eth_accounts`, `eth_requestAccounts` → `[address]`; `eth_chainId` → the current chain, hex;
 * - `personal_sign`, `eth_signTypedData_v4` → the sign request screen, then the frame;
 * - `eth_sendTransaction` → docs/limits.md validation, the confirmation screen, then the frame signs and
 * submits;
 * - `eth_signTransaction` → the frame (no screen);
 * - `wallet_switchEthereumChain` → only configured chains, else 4902; emits `chainChanged`;
 * - any other method (reads: `eth_getBalance`, `eth_call`, `eth_estimateGas`, receipts …) → the current
 *   chain's `rpcUrl`.
 * Params must be an array (else 4200, docs/limits.md). Errors are EIP-1193 `ProviderRpcError`s: 4001 user
 * rejected, 4100 unauthorized, 4200, 4900 disconnected, 4902 unrecognized chain, -32602, -32603.
 *
 * @example
 * const provider = createEthereumProvider(client)
 * const walletClient = createWalletClient({ chain: anvil, transport: custom(provider) })
 * const [account] = await walletClient.getAddresses()
 * await walletClient.signMessage({ account, message: 'hello' })
 */
export function createEthereumProvider(
  client: FoyerClient,
  parameters: CreateEthereumProviderParameters = {},
): EIP1193Provider {
  // biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners take event-specific arguments.
  const listeners = new Map<EIP1193EventName, Set<(...args: any[]) => void>>()
  const emit = (event: EIP1193EventName, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch {
        // A failing listener must not break the provider or the other listeners.
      }
    }
  }
  const onChain = (chainId: number) => emit('chainChanged', numberToHex(chainId))
  const wallet = () => resolveWallet(client, 'ethereum', parameters.wallet)
  const hexChainId = () => numberToHex(getEthereumChain(client).id)

  const handle = async (method: string, params: readonly unknown[]): Promise<unknown> => {
    switch (method) {
      case 'eth_accounts': {
        const user = client.getState().user
        if (!user) return []
        try {
          return [wallet().address]
        } catch {
          return []
        }
      }
      case 'eth_requestAccounts':
        return [wallet().address]
      case 'eth_chainId':
        return hexChainId()
      case 'net_version':
        return String(getEthereumChain(client).id)
      case 'wallet_switchEthereumChain': {
        const chainId = readChainId(params[0])
        await switchEthereumChain(client, { chainId })
        return null
      }
      case 'wallet_addEthereumChain': {
        const chainId = readChainId(params[0])
        if (!client.chains.some((chain) => chain.id === chainId))
          throw new ChainNotConfiguredError({ chainId })
        return null
      }
      case 'personal_sign': {
        const [message, address] = params
        checkAddress(wallet(), address)
        if (typeof message !== 'string' || message === '') throw new EmbeddedWalletError('invalid_message')
        const raw = /^0x([0-9a-fA-F]{2})*$/.test(message) ? { raw: message as `0x${string}` } : message
        return signMessage(client, { message: raw, wallet: wallet() })
      }
      case 'eth_signTypedData_v4': {
        const [address, typedData] = params
        checkAddress(wallet(), address)
        if (typeof typedData !== 'string' && (typeof typedData !== 'object' || typedData === null)) {
          throw new ProviderRpcError(-32602, 'Invalid typed data')
        }
        return signTypedData(client, {
          typedData: typedData as Record<string, unknown> | string,
          wallet: wallet(),
        })
      }
      case 'eth_sendTransaction':
        return sendTransaction(client, { request: readTransaction(params[0]), wallet: wallet() })
      case 'eth_signTransaction': {
        const current = wallet()
        const { chain, request } = validateTransactionRequest({
          request: readTransaction(params[0]),
          chains: client.chains,
          defaultChainId: getEthereumChain(client).id,
        })
        return walletRpc(client, {
          wallet: current,
          request: { method: 'eth_signTransaction', params: [{ ...request, from: current.address }] },
          chainId: chain.id,
        })
      }
    }
    if (unsupported.has(method)) throw new ProviderRpcError(4200, `The method ${method} is not supported.`)
    return forward(getEthereumChain(client).rpcUrl, method, params)
  }

  const provider: EIP1193Provider = {
    async request(args: EIP1193RequestArguments) {
      const method = args?.method
      if (typeof method !== 'string')
        throw new ProviderRpcError(-32600, 'Invalid request: method is required')
      const params = args.params === undefined ? [] : args.params
      if (!Array.isArray(params)) {
        throw new ProviderRpcError(4200, 'Params must be an array', { data: { method } })
      }
      try {
        return await handle(method, params)
      } catch (error) {
        throw toProviderRpcError(error)
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
      if (event === 'chainChanged') client._internal.wallet.chainListeners.add(onChain)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      if (event === 'chainChanged' && !listeners.get(event)?.size) {
        client._internal.wallet.chainListeners.delete(onChain)
      }
      return provider
    },
  }
  return provider
}

/**
 * Core errors → EIP-1193 errors (docs/conventions.md "Translate platform errors at the boundary": translate
 * at the boundary).
 */
function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  if (error instanceof UserRejectedRequestError) {
    return new ProviderRpcError(4001, 'The user rejected the request', { cause: error })
  }
  if (error instanceof ChainNotConfiguredError) {
    return new ProviderRpcError(4902, `Unrecognized chain ID "${numberToHex(error.chainId)}".`, {
      cause: error,
    })
  }
  if (error instanceof InvalidTransactionRequestError) {
    return new ProviderRpcError(-32602, error.shortMessage, { cause: error })
  }
  if (error instanceof WalletProxyError) {
    return new ProviderRpcError(error.rpcCode ?? -32603, error.shortMessage, {
      data: { type: error.code },
      cause: error,
    })
  }
  if (error instanceof EmbeddedWalletError) {
    const code = error.code === 'not_authenticated' ? 4100 : error.code === 'wallet_missing' ? 4900 : -32603
    return new ProviderRpcError(code, error.shortMessage, { cause: error })
  }
  if (error instanceof BaseError) return new ProviderRpcError(-32603, error.shortMessage, { cause: error })
  return new ProviderRpcError(-32603, error instanceof Error ? error.message : 'Internal error', {
    cause: error,
  })
}

function readChainId(value: unknown): number {
  const chainId = (value as { chainId?: unknown } | undefined)?.chainId
  if (typeof chainId === 'number' && Number.isSafeInteger(chainId)) return chainId
  if (typeof chainId === 'string' && /^0x[0-9a-fA-F]+$/.test(chainId)) return Number(chainId)
  throw new ProviderRpcError(-32602, 'Invalid chainId')
}

function readTransaction(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw new InvalidTransactionRequestError()
  const { input, ...rest } = value as Record<string, unknown>
  // `input` is the JSON-RPC spelling of `data`.
  return rest.data === undefined && input !== undefined ? { ...rest, data: input } : rest
}

function checkAddress(wallet: EmbeddedWalletInfo, address: unknown): void {
  if (typeof address === 'string' && address.toLowerCase() !== wallet.address.toLowerCase()) {
    throw new ProviderRpcError(4100, 'The requested account is not the embedded wallet.')
  }
}

/** JSON-RPC to the chain's node. */
async function forward(rpcUrl: string, method: string, params: readonly unknown[]): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  } catch (cause) {
    throw new ProviderRpcError(4900, 'The chain RPC is unreachable.', { cause })
  }
  const body = (await response.json().catch(() => ({}))) as {
    result?: unknown
    error?: { code?: number; message?: string; data?: unknown }
  }
  if (body.error) {
    throw new ProviderRpcError(body.error.code ?? -32603, body.error.message ?? 'RPC error', {
      data: body.error.data,
    })
  }
  return body.result
}
