import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { walletPolicySchema } from './walletPolicy'
import { base64Schema, chainTypeSchema, walletAddressSchema, walletIndexSchema } from './wallets'

/**
 * Delegated actions (docs/delegated-actions.md): the user lets the app's back end act with embedded wallets,
 * within the app's policy, until revoked.
 */

/**
 * A device share encrypted to the signer's public key with HPKE (docs/delegated-actions.md#signer): the
 * encapsulated key `encapsulated_key` (65 bytes) and the `ciphertext`, both base64; the additional data is
 * `delegatedShareAad` of the delegation.
 */
export const encryptedShareSchema = z.object({
  encapsulated_key: base64Schema(65),
  ciphertext: base64Schema(256),
})
export type EncryptedShare = z.infer<typeof encryptedShareSchema>

/**
 * `POST /api/v1/embedded_wallets/delegate` (the wallet frame, with its device proof): delegate the wallets
 * `wallet_indexes` of the entropy `entropy_id` by handing the signer the device share encrypted to it
 * (`encrypted_share`, bound to the app's terms as the frame read them).
 */
export const delegateWalletsRequestSchema = z.object({
  chain_type: chainTypeSchema,
  entropy_id: walletAddressSchema,
  wallet_indexes: z.array(walletIndexSchema).min(1).max(20),
  encrypted_share: encryptedShareSchema,
})
export type DelegateWalletsRequest = z.infer<typeof delegateWalletsRequestSchema>

/** A delegated wallet: its id (the wallet API's `:wallet_id`), address, chain type and HD index. */
export const delegatedWalletSchema = z.object({
  id: z.string(),
  address: z.string(),
  chain_type: chainTypeSchema,
  wallet_index: walletIndexSchema,
})
export type DelegatedWallet = z.infer<typeof delegatedWalletSchema>

/** The answer of `POST /api/v1/embedded_wallets/delegate`: the wallets now delegated. */
export const delegateWalletsResponseSchema = z.object({ delegated_wallets: z.array(delegatedWalletSchema) })
export type DelegateWalletsResponse = z.infer<typeof delegateWalletsResponseSchema>

/** `GET /api/v1/embedded_wallets/delegations?chain_type=`: the chain type whose terms to read (default ethereum). */
export const delegationsQuerySchema = z.object({ chain_type: chainTypeSchema.optional() })
export type DelegationsQuery = z.infer<typeof delegationsQuerySchema>

/**
 * `GET /api/v1/embedded_wallets/delegations` (a live session): what the app may do with a delegated wallet of
 * the chain type asked — its `policy` (`null`: delegation is off) and daily limit, `daily_value_limit_wei`
 * for Ethereum (decimal wei per wallet and UTC day) or `daily_lamports_limit` for Solana (the other null;
 * `null`: none), the terms the consent screen shows and a new consent copies — and the user's wallets now
 * delegated to the app (`id` is the wallet API's `:wallet_id`). `signer_public_key` is the signer's HPKE public key (base64 of the
 * uncompressed P-256 point) a consent encrypts the device share to, null when no signer is set up. `policy`
 * is checked as an object only: a reader parses it with `walletPolicySchema` where it needs it (the consent screen, in its own chunk), which
 * keeps the policy schema out of the endpoint table every client loads.
 */
export const delegationsResponseSchema = z.object({
  policy: z.record(z.string(), z.unknown()).nullable(),
  daily_value_limit_wei: z.string().nullable(),
  daily_lamports_limit: z.string().nullable(),
  delegated_wallets: z.array(delegatedWalletSchema),
  signer_public_key: z.string().nullable(),
})
export type DelegationsResponse = z.infer<typeof delegationsResponseSchema>

/**
 * One delegated request of the app's back end, as its user reads it (docs/delegated-actions.md#activity):
 * the wallet (`wallet_id`, `wallet_address`), the `method`, the chain (`caip2`, `eip155:<id>`: a send's, or
 * typed data's domain chain; else null), a send's recipient `to` and `value_wei` (decimal wei; else null),
 * the policy's `decision` with the deciding `rule` and the refusal's `reason`, the `outcome` (`pending`
 * while it runs, `succeeded`, `refused` by the policy or the daily limit, `failed`), a send's
 * `transaction_hash`, and `created_at` (Unix seconds).
 */
export const delegatedActivitySchema = z.object({
  id: z.string(),
  wallet_id: z.string().nullable(),
  wallet_address: z.string(),
  method: z.string(),
  caip2: z.string().nullable(),
  to: z.string().nullable(),
  value_wei: z.string().nullable(),
  decision: z.enum(['ALLOW', 'DENY']),
  rule: z.string().nullable(),
  reason: z.string().nullable(),
  outcome: z.enum(['pending', 'succeeded', 'refused', 'failed']),
  transaction_hash: z.string().nullable(),
  created_at: z.number(),
})
export type DelegatedActivity = z.infer<typeof delegatedActivitySchema>

/**
 * `GET /api/v1/embedded_wallets/delegations/activity?limit=&cursor=`: `limit` 1 to 100 (default 20),
 * `cursor` the previous page's `next_cursor`.
 */
export const delegatedActivityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z
    .string()
    .regex(/^[0-9]{1,16}\.[0-9a-z]{1,64}$/)
    .optional(),
})
export type DelegatedActivityQuery = z.infer<typeof delegatedActivityQuerySchema>

/** The user's delegated requests to the app, newest first, and the cursor of the next page (null: none). */
export const delegatedActivityResponseSchema = z.object({
  data: z.array(delegatedActivitySchema),
  next_cursor: z.string().nullable(),
})
export type DelegatedActivityResponse = z.infer<typeof delegatedActivityResponseSchema>

/** `POST /api/v1/wallets/revoke` takes no fields (the reference client sends `{}` or no body at all). */
export const revokeDelegationsRequestSchema = z.object({}).strict()

/** `POST /api/v1/wallets/revoke` → `{ message }`: every delegation of the user is removed. */
export const revokeDelegationsResponseSchema = z.object({ message: z.string() })
export type RevokeDelegationsResponse = z.infer<typeof revokeDelegationsResponseSchema>

/**
 * Where the server posts the app's delegated-actions events (docs/delegated-actions.md#webhooks): an
 * http(s) `url` and the signing `secret`, `whsec_` and the base64 of 24 to 64 random bytes (Standard
 * Webhooks).
 */
export const delegatedActionsWebhookSchema = z.object({
  url: z
    .string()
    .max(2048)
    .regex(/^https?:\/\/[^\s]+$/, 'Expected an http(s) URL'),
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/, 'Expected whsec_ and base64'),
})
export type DelegatedActionsWebhook = z.infer<typeof delegatedActionsWebhookSchema>

/**
 * The app's delegated-actions setting (`delegated_actions`, server-only, never in the public config): the P-256 public keys (base64 SPKI DER) whose
 * authorization signatures the wallet API accepts, the policy a delegation is held to (copied into each
 * delegation when the user consents), the most native value (wei, decimal) the app may send from one
 * wallet per UTC day, the same two for Solana wallets (`solana_policy`, `daily_lamports_limit` in lamports;
 * absent or null: no Solana delegation), and the `webhook` the events go to (absent or null: none).
 * `policy: null` turns Ethereum delegation off.
 */
const decimalSchema = z.string().regex(/^(0|[1-9][0-9]{0,77})$/)
export const delegatedActionsSettingsSchema = z.object({
  authorization_public_keys: z.array(z.string().min(1).max(512)).max(10),
  policy: walletPolicySchema
    .refine((policy) => policy.chain_type === 'ethereum', 'Expected an ethereum policy')
    .nullable(),
  daily_value_limit_wei: decimalSchema.nullable(),
  solana_policy: walletPolicySchema
    .refine((policy) => policy.chain_type === 'solana', 'Expected a solana policy')
    .nullable()
    .optional(),
  daily_lamports_limit: decimalSchema.nullable().optional(),
  webhook: delegatedActionsWebhookSchema.nullable().optional(),
})
export type DelegatedActionsSettings = z.infer<typeof delegatedActionsSettingsSchema>

/** A hex quantity (`0x2386f26fc10000`) or a non-negative safe integer. */
const quantitySchema = z.union([z.string().regex(/^0x[0-9a-fA-F]{1,64}$/), z.number().int().nonnegative()])
const hexSchema = z.string().regex(/^0x([0-9a-fA-F]{2})*$/)
const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const caip2Schema = z.string().regex(/^eip155:[1-9][0-9]{0,15}$/)
/** A Solana cluster as CAIP-2: `solana:` and the first 32 characters of its genesis hash (base58). */
const solanaCaip2Schema = z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/)
/** A serialized Solana transaction (wire format, base64; at most 1232 bytes, the packet size). */
const solanaTransactionParamsSchema = z.object({
  transaction: base64Schema(1232),
  encoding: z.literal('base64'),
})

/**
 * The body of `POST /api/v1/wallets/:wallet_id/rpc` (the reference wallet API's shape). Ethereum:
 * `personal_sign` (`params.message`, `encoding` `utf-8` or `hex`), `eth_signTypedData_v4`
 * (`params.typed_data`) or `eth_sendTransaction` (`caip2` `eip155:<chain id>`, `params.transaction`: `to`,
 * `value` and `data`). Solana: `signMessage` (`params.message` base64), `signTransaction` or
 * `signAndSendTransaction` (`caip2` `solana:<genesis hash prefix>`; `params.transaction`, the serialized
 * transaction in base64).
 */
export const walletRpcRequestSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('personal_sign'),
    params: z.object({ message: z.string().max(65_536), encoding: z.enum(['utf-8', 'hex']) }),
  }),
  z.object({
    method: z.literal('eth_signTypedData_v4'),
    params: z.object({
      typed_data: z.object({
        domain: z.record(z.string(), z.unknown()),
        types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
        primary_type: z.string().min(1),
        message: z.record(z.string(), z.unknown()),
      }),
    }),
  }),
  z.object({
    method: z.literal('eth_sendTransaction'),
    caip2: caip2Schema,
    params: z.object({
      transaction: z.object({
        to: addressSchema,
        value: quantitySchema.optional(),
        data: hexSchema.max(65_536).optional(),
      }),
    }),
  }),
  z.object({
    method: z.literal('signMessage'),
    params: z.object({ message: base64Schema(65_536), encoding: z.literal('base64') }),
  }),
  z.object({ method: z.literal('signTransaction'), params: solanaTransactionParamsSchema }),
  z.object({
    method: z.literal('signAndSendTransaction'),
    caip2: solanaCaip2Schema,
    params: solanaTransactionParamsSchema,
  }),
])
export type WalletRpcRequest = z.infer<typeof walletRpcRequestSchema>

/**
 * The answer of the wallet API: a signature (hex for Ethereum, base64 for a Solana message), a Solana
 * transaction signed (base64), or a sent transaction's hash (a Solana one: its first signature, base58) and
 * chain.
 */
export const walletRpcResponseSchema = z.union([
  z.object({
    method: z.enum(['personal_sign', 'eth_signTypedData_v4']),
    data: z.object({ signature: z.string(), encoding: z.literal('hex') }),
  }),
  z.object({
    method: z.literal('signMessage'),
    data: z.object({ signature: z.string(), encoding: z.literal('base64') }),
  }),
  z.object({
    method: z.literal('signTransaction'),
    data: z.object({ signed_transaction: z.string(), encoding: z.literal('base64') }),
  }),
  z.object({
    method: z.enum(['eth_sendTransaction', 'signAndSendTransaction']),
    data: z.object({ hash: z.string(), caip2: z.string() }),
  }),
])
export type WalletRpcResponse = z.infer<typeof walletRpcResponseSchema>

/** The `:wallet_id` path parameter of the wallet API. */
export const walletIdParamsSchema = z.object({ wallet_id: z.string().min(1).max(64) })
