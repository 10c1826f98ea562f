import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { authModeSchema } from './common'

/** Lifetime of a SIWE/SIWS nonce, in seconds (docs/security.md property 38: ≤ 10 min). */
export const SIWE_NONCE_TTL_SECONDS = 600
/** Longest sign-in message accepted, in characters (docs/security.md property 41). */
export const SIWE_MESSAGE_MAX_LENGTH = 4096
/** Connection retries the awaiting-connection screen allows (docs/errors.md). */
export const WALLET_CONNECTION_MAX_RETRIES = 2

/** An Ethereum address, `0x` and 40 hex digits (any case; the server checks EIP-55 in messages). */
export const evmAddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid Ethereum address')
/** A Solana address: base58 of 32 bytes (32 to 44 characters). */
export const base58AddressSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid Solana address')

/**
 * A chain id as clients send it: a CAIP-2 string (`eip155:1`) or a number. Parsed to the
 * CAIP-2 string.
 * @example siweChainIdSchema.parse(1) // 'eip155:1'
 */
export const siweChainIdSchema = z
  .union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z.string().regex(/^eip155:[1-9][0-9]{0,15}$/, 'Expected a CAIP-2 chain id like eip155:1'),
  ])
  .transform((value) => (typeof value === 'number' ? `eip155:${value}` : value))

/** Labels only the server gives, to embedded wallets: a browser wallet may not claim them. */
const RESERVED_WALLET_LABELS = ['privy', 'embedded', 'embedded_imported']

/**
 * The client-reported wallet and connector names (docs/wire.md connection history), free text ≤ 64; the
 * embedded wallet's labels are refused, so a browser wallet cannot pass for an embedded one.
 */
const clientLabel = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((label) => !RESERVED_WALLET_LABELS.includes(label.toLowerCase()), 'Reserved for embedded wallets')

/** `POST /api/v1/siwe/init` `{ address, token? }` → {@link siweInitResponseSchema} (docs/api.md). */
export const siweInitRequestSchema = z.object({
  address: evmAddressSchema,
  token: z.string().max(4096).optional(),
})
export type SiweInitRequest = z.infer<typeof siweInitRequestSchema>

/** Answer of `siwe/init` and `siws/init`: a single-use nonce (≥ 96 bits, alphanumeric) and its expiry (ISO 8601). */
export const siweInitResponseSchema = z.object({
  nonce: z.string(),
  address: z.string(),
  expires_at: z.string(),
})
export type SiweInitResponse = z.infer<typeof siweInitResponseSchema>

/** A wallet label the client may leave out or send as `null` (the reference client sends `null`); read as absent. */
const optionalClientLabel = clientLabel.nullish().transform((label) => label ?? undefined)

const signedMessageFields = {
  message: z.string().min(1).max(SIWE_MESSAGE_MAX_LENGTH),
  walletClientType: optionalClientLabel,
  connectorType: optionalClientLabel,
}

/**
 * `POST /api/v1/siwe/authenticate`: an ERC-4361 message, its signature (`0x` hex; EOA per ERC-191 or a
 * contract wallet per ERC-1271) and the chain id (docs/api.md).
 */
export const siweAuthenticateRequestSchema = z.object({
  ...signedMessageFields,
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]*$/, 'Expected a 0x hex signature')
    .max(20_000),
  chainId: siweChainIdSchema,
  mode: authModeSchema.optional(),
})
export type SiweAuthenticateRequest = z.input<typeof siweAuthenticateRequestSchema>

/** `POST /api/v1/siwe/link`: the same fields as authenticate minus `mode`; answers an auth response. */
export const siweLinkRequestSchema = siweAuthenticateRequestSchema.omit({ mode: true })
export type SiweLinkRequest = z.input<typeof siweLinkRequestSchema>

// `POST /api/v1/siwe/unlink` and `/api/v1/siws/unlink` take `unlinkWalletRequestSchema` (./wallets).

/** `POST /api/v1/siws/init` `{ address, token? }` → {@link siweInitResponseSchema}. */
export const siwsInitRequestSchema = z.object({
  address: base58AddressSchema,
  token: z.string().max(4096).optional(),
})
export type SiwsInitRequest = z.infer<typeof siwsInitRequestSchema>

/**
 * `POST /api/v1/siws/authenticate`: a Sign In With Solana message (the wallet-standard `solana:signIn`
 * text), its ed25519 signature as base64 (64 bytes), no chain id (docs/api.md).
 */
export const siwsAuthenticateRequestSchema = z.object({
  ...signedMessageFields,
  signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/, 'Expected a base64 ed25519 signature'),
  mode: authModeSchema.optional(),
})
export type SiwsAuthenticateRequest = z.infer<typeof siwsAuthenticateRequestSchema>

/** `POST /api/v1/siws/link`: authenticate's fields minus `mode`. */
export const siwsLinkRequestSchema = siwsAuthenticateRequestSchema.omit({ mode: true })
export type SiwsLinkRequest = z.infer<typeof siwsLinkRequestSchema>
