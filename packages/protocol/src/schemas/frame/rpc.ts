import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { chainTypeSchema, walletIndexSchema } from '../wallets'
import { frameAccessTokenSchema } from './frameEnvelope'
import { frameEntropyIdSchema } from './frameWallet'

/** Ethereum methods the frame answers. */
export const ethereumRpcMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'eth_sign7702Authorization',
] as const
export type EthereumRpcMethod = (typeof ethereumRpcMethods)[number]

/** Solana methods the frame answers. */
export const solanaRpcMethods = ['signMessage', 'signTransaction', 'signAndSendTransaction'] as const
export type SolanaRpcMethod = (typeof solanaRpcMethods)[number]

/** An http(s) URL (a chain's JSON-RPC endpoint). */
const rpcUrlSchema = z.url({ protocol: /^https?$/ }).max(2048)

/**
 * `{ method, params }`. `method` is any string and `params` anything here: the frame answers an unknown
 * method or non-array Ethereum params with `invalid_request_arguments` and code 4200 (docs/limits.md).
 */
export const frameRpcCallSchema = z.object({ method: z.string().min(1).max(128), params: z.unknown() })

/** A chain the host has configured: id and JSON-RPC URL. */
export const frameChainSchema = z.object({ id: z.number().int().positive(), rpcUrl: rpcUrlSchema })
export type FrameChain = z.infer<typeof frameChainSchema>

const walletFields = {
  accessToken: frameAccessTokenSchema,
  entropyId: frameEntropyIdSchema,
  /** The wallet's HD index; `hdWalletIndex` is the reference client's name for it (one of the two is required). */
  walletIndex: walletIndexSchema.optional(),
  hdWalletIndex: walletIndexSchema.optional(),
  /** When given, must equal the derived address of `walletIndex` (else `invalid_request_arguments`). */
  address: z.string().max(64).optional(),
}

/**
 * Reads `hdWalletIndex` as `walletIndex` (the reference client sends the former;
 * `docs/frame-protocol.md#compatibility-with-the-reference-client`): the parsed data always has `walletIndex`.
 * Both given and different, or neither, is an issue at `walletIndex`.
 */
function withWalletIndex<T extends { walletIndex?: number | undefined; hdWalletIndex?: number | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
): Omit<T, 'walletIndex' | 'hdWalletIndex'> & { walletIndex: number } {
  const { walletIndex, hdWalletIndex, ...rest } = value
  const index = walletIndex ?? hdWalletIndex
  if (index === undefined) {
    ctx.addIssue({ code: 'custom', path: ['walletIndex'], message: 'A wallet index is required' })
    return z.NEVER
  }
  if (hdWalletIndex !== undefined && hdWalletIndex !== index) {
    ctx.addIssue({ code: 'custom', path: ['walletIndex'], message: 'walletIndex and hdWalletIndex differ' })
    return z.NEVER
  }
  return { ...rest, walletIndex: index }
}

/**
 * `privy:wallets:rpc` for Ethereum. `chainId`: the provider's current chain (answers `eth_chainId`, default
 * for transactions without `chainId`); `chains`: the configured chains (`wallet_switchEthereumChain` only to
 * one of them; `eth_sendTransaction` and gas/nonce filling use the chain's `rpcUrl`).
 * Reply `data`: `{ method, result }` — personal_sign / eth_signTypedData_v4 → signature hex;
 * eth_signTransaction → serialized signed tx hex; eth_sendTransaction → tx hash; eth_chainId → hex id;
 * wallet_switchEthereumChain → null; eth_sign7702Authorization → the signed EIP-7702 authorization
 * (docs/gas-sponsorship.md#the-authorization).
 */
export const frameEthereumRpcRequestSchema = z
  .object({
    ...walletFields,
    chainType: z.literal('ethereum'),
    chainId: z.number().int().positive().optional(),
    chains: z.array(frameChainSchema).max(100).optional(),
    request: frameRpcCallSchema,
  })
  .transform(withWalletIndex)

/**
 * `privy:wallets:rpc` for Solana. `rpcUrl` is needed by `signAndSendTransaction`. Params:
 * signMessage `{ message: base64 }` → `{ signature: base64 }`; signTransaction `{ transaction: base64 wire
 * transaction }` → `{ signedTransaction: base64 }`; signAndSendTransaction `{ transaction }` →
 * `{ signature: base58, signedTransaction: base64 }`.
 */
export const frameSolanaRpcRequestSchema = z
  .object({
    ...walletFields,
    chainType: z.literal('solana'),
    rpcUrl: rpcUrlSchema.optional(),
    request: frameRpcCallSchema,
  })
  .transform(withWalletIndex)

/** `privy:wallets:rpc` request data (either chain type). */
export const frameRpcRequestSchema = z.discriminatedUnion('chainType', [
  frameEthereumRpcRequestSchema,
  frameSolanaRpcRequestSchema,
])
export type FrameRpcRequest = z.infer<typeof frameRpcRequestSchema>

/**
 * `privy:wallets:rpc` reply data: `{ method, result }`, and the same answer as the reference client reads it:
 * `{ address, chainType, response: { method, data } }` with `data` equal to `result`
 * (`docs/frame-protocol.md#compatibility-with-the-reference-client`).
 */
export const frameRpcReplySchema = z.object({
  method: z.string(),
  result: z.unknown(),
  address: z.string(),
  chainType: chainTypeSchema,
  response: z.object({ method: z.string(), data: z.unknown() }),
})
export type FrameRpcReply = z.infer<typeof frameRpcReplySchema>

/** Params of Solana `signMessage`: a base64 message. */
export const solanaSignMessageParamsSchema = z.object({ message: z.string().min(1).max(65_536) })
/**
 * Params of Solana `signTransaction` / `signAndSendTransaction`: a base64 wire transaction (≤ 1232 bytes),
 * and the programs (base58 ids) the host opted in to besides system transfers and SPL token approvals
 * (docs/solana-transactions.md).
 */
export const solanaTransactionParamsSchema = z.object({
  transaction: z.string().min(1).max(2048),
  allowedPrograms: z.array(z.string().min(32).max(44)).max(64).optional(),
})
