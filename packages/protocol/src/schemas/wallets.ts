import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { unixSecondsSchema } from './common'
import { icloudRecordNameSchema } from './icloudRecovery'

/**
 * Wire schemas of the embedded-wallet server endpoints (`/api/v1/embedded_wallets…`, docs/wire.md,
 * docs/api.md) and of the wallet linked account. Byte strings travel as standard base64 (RFC 4648 §4, with
 * padding). The frame's side of the flows: docs/security.md.
 */

/** PBKDF2-SHA256 iterations for a recovery password (docs/security.md property 62: ≥ 600,000). */
export const RECOVERY_PBKDF2_ITERATIONS = 600_000
/** Wallet creation time-out on the host, in ms (docs/limits.md). */
export const WALLET_CREATE_TIMEOUT_MS = 20_000
/** Minimum length of a recovery password at creation (docs/limits.md). */
export const RECOVERY_PASSWORD_MIN_LENGTH = 6

/** The chain family of an embedded wallet (docs/wire.md). */
export const chainTypeSchema = z.enum(['ethereum', 'solana'])
export type ChainType = z.infer<typeof chainTypeSchema>

/**
 * How the recovery share is protected (docs/wire.md): `privy` = automatic (server-held key), `user-passcode`
 * = password.
 */
export const recoveryMethodSchema = z.enum(['privy', 'user-passcode', 'google-drive', 'icloud'])
export type RecoveryMethod = z.infer<typeof recoveryMethodSchema>

/** The recovery methods the frame implements today. */
export const supportedRecoveryMethodSchema = z.enum(['privy', 'user-passcode'])
export type SupportedRecoveryMethod = z.infer<typeof supportedRecoveryMethodSchema>

/**
 * The recovery methods a wallet can be switched to with `privy:wallets:set-recovery`: the supported ones,
 * `google-drive` (a random recovery secret in the user's Drive app-data folder, docs/recovery-oauth.md) and
 * `icloud` (the same secret as a record in the user's private CloudKit database, docs/recovery-icloud.md).
 */
export const settableRecoveryMethodSchema = z.enum(['privy', 'user-passcode', 'google-drive', 'icloud'])
export type SettableRecoveryMethod = z.infer<typeof settableRecoveryMethodSchema>

/**
 * The Drive file name of a wallet's recovery secret: `foyer-recovery-secret-<32 hex>.json`, random per
 * secret, so reading it back by name finds exactly one file.
 */
export const googleDriveSecretFileNameSchema = z.string().regex(/^foyer-recovery-secret-[0-9a-f]{32}\.json$/)

/** How the entropy id is checked: it is the index-0 address of the entropy for that chain type. */
export const entropyIdVerifierSchema = z.enum(['ethereum-address-verifier', 'solana-address-verifier'])
export type EntropyIdVerifier = z.infer<typeof entropyIdVerifierSchema>

/** A 20-byte Ethereum address, `0x` + 40 hex digits (any case; the server keeps the EIP-55 form it is sent). */
export const ethereumAddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid Ethereum address')
/** A Solana address: base58 of a 32-byte ed25519 public key (32 to 44 characters). */
export const solanaAddressSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid Solana address')
/** Either kind of address (checked against `chain_type` by the server). */
export const walletAddressSchema = z.union([ethereumAddressSchema, solanaAddressSchema])

/** Standard base64 (with padding) of at most `maxBytes` bytes. */
export function base64Schema(maxBytes: number) {
  return z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4)
    .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'Invalid base64')
    .min(4)
}

/**
 * HD index of an embedded wallet: 0 for the first, > 0 for additional ones; negative is invalid
 * (docs/limits.md).
 */
export const walletIndexSchema = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1)

/** One Shamir share (`shamir-secret-sharing` format: share bytes then the x coordinate), base64. */
export const walletShareSchema = base64Schema(128)

/**
 * The encrypted recovery share as the frame uploads it (AES-256-GCM, 12-byte IV, AAD
 * `foyer-recovery-share:v1:<chain_type>:<entropy_id>`):
 * - `privy`: the AES key itself (32 bytes, random, made by the frame); the server stores it sealed;
 * - `user-passcode`: the AES key is PBKDF2-SHA256(password, salt, iterations); only salt and parameters are stored;
 * - `google-drive`: the AES key is a random 32-byte secret kept in the user's Drive app-data folder in the file
 *   `secret_file_name` (docs/recovery-oauth.md); the server never sees it;
 * - `icloud`: the same, the secret kept as the record `icloud_record_name` of the user's private CloudKit
 *   database (docs/recovery-icloud.md).
 */
export const recoveryUploadSchema = z.discriminatedUnion('recovery_method', [
  z.object({
    recovery_method: z.literal('privy'),
    recovery_key: base64Schema(32),
    ciphertext: base64Schema(256),
    iv: base64Schema(12),
  }),
  z.object({
    recovery_method: z.literal('user-passcode'),
    ciphertext: base64Schema(256),
    iv: base64Schema(12),
    salt: base64Schema(64),
    kdf: z.literal('pbkdf2-sha256'),
    iterations: z.number().int().min(RECOVERY_PBKDF2_ITERATIONS).max(10_000_000),
  }),
  z.object({
    recovery_method: z.literal('google-drive'),
    ciphertext: base64Schema(256),
    iv: base64Schema(12),
    secret_file_name: googleDriveSecretFileNameSchema,
  }),
  z.object({
    recovery_method: z.literal('icloud'),
    ciphertext: base64Schema(256),
    iv: base64Schema(12),
    icloud_record_name: icloudRecordNameSchema,
  }),
])
export type RecoveryUpload = z.infer<typeof recoveryUploadSchema>

/** The recovery material the server releases (`POST /api/v1/embedded_wallets/recovery_material`): same shape as uploaded. */
export const recoveryMaterialSchema = recoveryUploadSchema
export type RecoveryMaterial = RecoveryUpload

/** An embedded wallet as the server describes it. `created_at` in Unix seconds. */
export const embeddedWalletSchema = z.object({
  address: z.string(),
  chain_type: chainTypeSchema,
  wallet_index: walletIndexSchema,
  /** The index-0 address of this wallet's entropy (same chain type). */
  entropy_id: z.string(),
  entropy_id_verifier: entropyIdVerifierSchema,
  recovery_method: recoveryMethodSchema,
  imported: z.boolean(),
  created_at: unixSecondsSchema,
})
export type EmbeddedWallet = z.infer<typeof embeddedWalletSchema>

/**
 * A wallet key's signature over {@link walletAddressProofMessage}: Ethereum, the 65-byte EIP-191
 * `personal_sign` signature as `0x` hex; Solana, the 64-byte ed25519 signature as standard base64.
 */
export const addressSignatureSchema = z.string().min(1).max(200)

/**
 * The message a new embedded wallet's own key signs so the server accepts its address
 * (`docs/security.md#wallet-addresses`): it names the app, the user (the access token's `sub`), the chain
 * type, the HD index and the address, so a signature is valid for that wallet of that user only.
 *
 * @example walletAddressProofMessage({ appId, userId: 'did:foyer:…', chainType: 'ethereum', walletIndex: 0, address })
 */
export function walletAddressProofMessage(parameters: {
  appId: string
  userId: string
  chainType: ChainType
  walletIndex: number
  address: string
}): string {
  return [
    'Foyer embedded wallet',
    `app: ${parameters.appId}`,
    `user: ${parameters.userId}`,
    `chain: ${parameters.chainType}`,
    `index: ${parameters.walletIndex}`,
    `address: ${parameters.address}`,
  ].join('\n')
}

/** `POST /api/v1/embedded_wallets`: store a new wallet at index 0 with its shares (frame origin only). */
export const createEmbeddedWalletRequestSchema = z.object({
  chain_type: chainTypeSchema,
  /** Address at index 0; becomes the entropy id. */
  address: walletAddressSchema,
  auth_share: walletShareSchema,
  recovery: recoveryUploadSchema,
  /** The new key's signature over {@link walletAddressProofMessage} (index 0): proves the address is the frame's. */
  address_signature: addressSignatureSchema,
})
export type CreateEmbeddedWalletRequest = z.infer<typeof createEmbeddedWalletRequestSchema>

/**
 * `POST /api/v1/embedded_wallets/import`: an existing private key the user typed into the wallet frame's
 * import page, kept like a generated wallet's entropy (docs/embedded-wallets.md#imported-keys): `address` is
 * the key's address (it becomes its `entropy_id`, index 0, `imported: true`), `auth_share` and `recovery`
 * are of the key's own 2-of-3 split, `address_signature` the key's proof over
 * {@link walletAddressProofMessage} at index 0. The key itself never leaves the frame.
 */
export const importEmbeddedWalletRequestSchema = z.object({
  chain_type: chainTypeSchema,
  address: walletAddressSchema,
  auth_share: walletShareSchema,
  recovery: recoveryUploadSchema,
  address_signature: addressSignatureSchema,
})
export type ImportEmbeddedWalletRequest = z.infer<typeof importEmbeddedWalletRequestSchema>

/** `POST /api/v1/embedded_wallets/additional`: an additional HD wallet (index ≥ 1) of an existing entropy. */
export const createAdditionalEmbeddedWalletRequestSchema = z.object({
  chain_type: chainTypeSchema,
  entropy_id: walletAddressSchema,
  wallet_index: walletIndexSchema.min(1),
  address: walletAddressSchema,
  /** The new key's signature over {@link walletAddressProofMessage} at `wallet_index`. */
  address_signature: addressSignatureSchema,
})
export type CreateAdditionalEmbeddedWalletRequest = z.infer<
  typeof createAdditionalEmbeddedWalletRequestSchema
>

/** `{ wallet }`: the answer of the create, additional, import and recovery calls. */
export const embeddedWalletResponseSchema = z.object({ wallet: embeddedWalletSchema })
export type EmbeddedWalletResponse = z.infer<typeof embeddedWalletResponseSchema>

/** `GET /api/v1/embedded_wallets` → `{ wallets }`, by chain type then index. */
export const embeddedWalletsResponseSchema = z.object({ wallets: z.array(embeddedWalletSchema) })
export type EmbeddedWalletsResponse = z.infer<typeof embeddedWalletsResponseSchema>

/** Names one entropy: body of the auth-share and recovery-material calls. */
export const entropyRefSchema = z.object({ chain_type: chainTypeSchema, entropy_id: walletAddressSchema })
export type EntropyRef = z.infer<typeof entropyRefSchema>

/** `POST /api/v1/embedded_wallets/auth_share` → the auth share (live session only, frame origin only). */
export const authShareResponseSchema = z.object({
  chain_type: chainTypeSchema,
  entropy_id: z.string(),
  auth_share: walletShareSchema,
  recovery_method: recoveryMethodSchema,
  imported: z.boolean(),
})
export type AuthShareResponse = z.infer<typeof authShareResponseSchema>

/**
 * `POST /api/v1/embedded_wallets/recovery`: change the recovery method. The frame re-splits the entropy and
 * uploads the new auth share and recovery share together (older device shares stop combining; those
 * devices recover).
 */
export const setRecoveryRequestSchema = z.object({
  chain_type: chainTypeSchema,
  entropy_id: walletAddressSchema,
  auth_share: walletShareSchema,
  recovery: recoveryUploadSchema,
})
export type SetRecoveryRequest = z.infer<typeof setRecoveryRequestSchema>

/** `POST /api/v1/siwe/unlink` and `/api/v1/siws/unlink`: `{ address }`; embedded wallets are refused. */
export const unlinkWalletRequestSchema = z.object({ address: z.string().min(1).max(64) })
export type UnlinkWalletRequest = z.infer<typeof unlinkWalletRequestSchema>

const walletAccountTimes = {
  verified_at: unixSecondsSchema,
  first_verified_at: unixSecondsSchema.nullable(),
  latest_verified_at: unixSecondsSchema.nullable(),
}

/**
 * An embedded wallet as a linked account (docs/linked-accounts.md#account-shapes): its `id` (the wallet
 * API's `wallet_id`, docs/delegated-actions.md#wallet-api), `wallet_client` and `wallet_client_type`
 * `'privy'`, `connector_type: 'embedded'`, its `recovery_method`, HD `wallet_index`, whether it was
 * `imported` and `delegated`; times in Unix seconds.
 */
export const embeddedWalletAccountSchema = z.object({
  type: z.literal('wallet'),
  id: z.string().min(1),
  address: z.string(),
  chain_type: chainTypeSchema,
  wallet_client: z.literal('privy'),
  wallet_client_type: z.literal('privy'),
  connector_type: z.literal('embedded'),
  recovery_method: recoveryMethodSchema,
  wallet_index: walletIndexSchema,
  imported: z.boolean(),
  delegated: z.boolean(),
  ...walletAccountTimes,
})
export type EmbeddedWalletAccount = z.infer<typeof embeddedWalletAccountSchema>

/**
 * An external wallet (proven by SIWE or SIWS) as a linked account (
 * docs/linked-accounts.md#account-shapes): `wallet_client: 'unknown'`, the client-reported
 * `wallet_client_type` (`metamask`, `phantom`, … or `unknown`) and `connector_type` (`injected`, …), the
 * CAIP-2 `chain_id` of a SIWE sign-in (`eip155:1`; absent for Solana); none of the embedded-only keys.
 */
export const externalWalletAccountSchema = z.object({
  type: z.literal('wallet'),
  address: z.string(),
  chain_type: chainTypeSchema,
  wallet_client: z.literal('unknown'),
  wallet_client_type: z.string(),
  connector_type: z.string(),
  chain_id: z.string().optional(),
  ...walletAccountTimes,
})
export type ExternalWalletAccount = z.infer<typeof externalWalletAccountSchema>

/** A wallet linked account, embedded or external, told apart by `wallet_client` (`'privy'` / `'unknown'`). */
export const walletAccountSchema = z.discriminatedUnion('wallet_client', [
  embeddedWalletAccountSchema,
  externalWalletAccountSchema,
])
export type WalletAccount = z.infer<typeof walletAccountSchema>
