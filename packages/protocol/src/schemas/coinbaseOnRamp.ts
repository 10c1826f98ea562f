import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * The networks a Coinbase Onramp session may deliver to (docs/wire.md#funding "Blockchain"): Coinbase's own
 * network names, as the session-token call and the pay URL's `defaultNetwork` take them.
 */
export const coinbaseBlockchains = [
  'ethereum',
  'bitcoin',
  'base',
  'avacchain',
  'optimism',
  'solana',
  'polygon',
  'arbitrum',
  'stellar',
  'monad',
] as const
export type CoinbaseBlockchain = (typeof coinbaseBlockchains)[number]

/**
 * `POST /api/v1/funding/coinbase_on_ramp/init` (docs/api.md, docs/wire.md#funding): the destination wallets,
 * each with the Coinbase networks it may receive on, and optionally the asset symbols the session may buy
 * (EVM `eth` `ETH` `USDC` `POL` `MON`; Solana `SOL` `USDC`). At most 10 addresses and 20 assets.
 */
export const coinbaseOnRampInitRequestSchema = z.object({
  addresses: z
    .array(
      z.object({
        address: z.string().min(1).max(128),
        blockchains: z.array(z.enum(coinbaseBlockchains)).min(1).max(coinbaseBlockchains.length),
      }),
    )
    .min(1)
    .max(10),
  assets: z
    .array(
      z
        .string()
        .min(1)
        .max(32)
        .regex(/^[A-Za-z0-9._-]+$/, 'Expected an asset symbol'),
    )
    .max(20)
    .optional(),
})
export type CoinbaseOnRampInitRequest = z.infer<typeof coinbaseOnRampInitRequestSchema>

/**
 * Answer of `coinbase_on_ramp/init` (docs/wire.md, docs/wire.md#funding): the app's Coinbase project id
 * (`app_id`, the pay URL's `appId`), Coinbase's single-use `session_token` (5 minutes), the `partner_user_id`
 * the pay URL carries and the status call takes, and Coinbase's `channel_id` (reserved; may be empty).
 */
export const coinbaseOnRampInitResponseSchema = z.object({
  app_id: z.string(),
  session_token: z.string(),
  partner_user_id: z.string(),
  channel_id: z.string(),
})
export type CoinbaseOnRampInitResponse = z.infer<typeof coinbaseOnRampInitResponseSchema>

/**
 * Query of `GET /api/v1/funding/coinbase_on_ramp/status` (docs/api.md): the `partnerUserId` an init answered
 * (`partner_user_id`) to the same user.
 */
export const coinbaseOnRampStatusQuerySchema = z.object({
  partnerUserId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Expected a partner user id'),
})
export type CoinbaseOnRampStatusQuery = z.infer<typeof coinbaseOnRampStatusQuerySchema>

/**
 * Answer of `coinbase_on_ramp/status` (docs/wire.md#funding): the newest purchase of the session as Coinbase
 * reports it: `pending` (none yet, or in progress), `success` or `failure`.
 */
export const coinbaseOnRampStatusResponseSchema = z.object({
  status: z.enum(['pending', 'success', 'failure']),
})
export type CoinbaseOnRampStatusResponse = z.infer<typeof coinbaseOnRampStatusResponseSchema>
