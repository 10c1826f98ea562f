import { erc20Abi, type PublicClient, BaseError as ViemBaseError } from 'viem'
import type { TokenMetadata } from './DecodedAction'

/** Metadata already read, per `${chainId}:${lowercase address}` (contracts' symbol and decimals do not change). */
const cache = new Map<string, Promise<TokenMetadata>>()

/**
 * Whether a failed read is the RPC's failure (unreachable, timed out), not the contract's answer (reverted,
 * no such function, a value that does not decode, such as a `bytes32` symbol).
 */
function isTransportFailure(error: unknown): boolean {
  if (!(error instanceof ViemBaseError)) return true
  return Boolean(
    error.walk(
      (cause) =>
        cause instanceof ViemBaseError &&
        ['HttpRequestError', 'TimeoutError', 'WebSocketRequestError'].includes(cause.name),
    ),
  )
}

/** One view call: its value, `undefined` when the contract does not answer it (usably), else the RPC error. */
async function read<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call()
  } catch (error) {
    if (isTransportFailure(error)) throw error
    return undefined
  }
}

/**
 * A token contract's `symbol()` and `decimals()` (EIP-20's optional views; ERC-721 collections answer only
 * `symbol()`), read over `publicClient` and kept per chain and address for the page's life
 * (docs/confirmation-screen.md "Token metadata"). A view the contract does not answer is left out; an RPC
 * failure is not kept, so the next confirmation reads again.
 *
 * @throws viem's RPC errors when the chain cannot be reached.
 */
export function readTokenMetadata(
  publicClient: PublicClient,
  chainId: number,
  address: `0x${string}`,
): Promise<TokenMetadata> {
  const key = `${chainId}:${address.toLowerCase()}`
  const known = cache.get(key)
  if (known) return known
  const reading = Promise.all([
    read(() => publicClient.readContract({ address, abi: erc20Abi, functionName: 'symbol' })),
    read(() => publicClient.readContract({ address, abi: erc20Abi, functionName: 'decimals' })),
  ]).then(([symbol, decimals]) => ({ symbol, decimals }))
  cache.set(key, reading)
  reading.catch(() => cache.delete(key))
  return reading
}
