import type { ServerContext } from '../../ServerContext'

/**
 * `siwe({ evmRpcUrls })`: the JSON-RPC URL per EIP-155 chain id (`{ 31337: 'http://127.0.0.1:8545' }`).
 * Signatures that are not an EOA's are checked with ERC-1271 `isValidSignature` on that chain; without a
 * URL only EOAs sign in.
 */
export type SiweOptions = { evmRpcUrls?: Record<number, string> | undefined }

/** The context of the wallet sign-in routes: the server's, and the `siwe()` method's RPC URLs. */
export type SiweContext = ServerContext & { evmRpcUrls: Readonly<Record<number, string>> }
