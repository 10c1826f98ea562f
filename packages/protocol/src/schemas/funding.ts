import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * A way to fund a wallet (docs/limits.md "Funding"): `card` (a card provider's widget), `exchange` (an
 * exchange on-ramp), `wallets` (a transfer from a connected wallet, with bridging), `manual` (receive funds:
 * the address and its QR code), `payment-request`.
 */
export const fundingMethodSchema = z.enum(['card', 'exchange', 'wallets', 'manual', 'payment-request'])
export type FundingMethod = z.infer<typeof fundingMethodSchema>

/**
 * Who serves a funding method: `moonpay` (card), `coinbase` (exchange, or card through Coinbase Onramp),
 * `privy` (the product itself: wallets, manual). Wire value, spelled as the protocol spells it.
 */
export const fundingProviderSchema = z.enum(['moonpay', 'coinbase', 'privy'])
export type FundingProvider = z.infer<typeof fundingProviderSchema>

/** One offered funding option: a method and the provider that serves it (docs/wire.md). */
export const fundingOptionSchema = z.object({
  method: fundingMethodSchema,
  provider: fundingProviderSchema,
})
export type FundingOption = z.infer<typeof fundingOptionSchema>

/**
 * Funding options of an app (docs/app-config.md), public: part of the app config.
 * `methods` is the legacy list (`moonpay`, `coinbase-onramp`, `external`); `options` the offered
 * method/provider pairs; `default_recommended_amount` a decimal string (e.g. `'0.01'`) in
 * `default_recommended_currency` (`chain` as CAIP-2, `eip155:1` or `solana:<genesis>`, `asset`
 * `native-currency` (alias `native`) or `USDC`); `prompt_funding_on_wallet_creation` opens 'Add funds to your wallet' after a wallet is
 * created; `cross_chain_bridging_enabled` allows bridging from another chain (docs/modal.md).
 */
export const fundingConfigSchema = z.object({
  methods: z.array(z.enum(['moonpay', 'coinbase-onramp', 'external'])).max(10),
  options: z.array(fundingOptionSchema).max(20),
  default_recommended_amount: z.string().regex(/^\d{1,30}(\.\d{0,30})?$/, 'Expected a decimal amount'),
  default_recommended_currency: z.object({
    chain: z.string().min(1).max(128),
    asset: z.enum(['native', 'native-currency', 'USDC']).optional(),
  }),
  prompt_funding_on_wallet_creation: z.boolean(),
  cross_chain_bridging_enabled: z.boolean(),
})

/**
 * The funding options as the public app config answers them (docs/app-config.md#funding): the settings' shape,
 * with the chain's own currency named `native-currency` (the settings take `native` as its alias).
 */
export const publicFundingConfigSchema = fundingConfigSchema.extend({
  default_recommended_currency: z.object({
    chain: z.string().min(1).max(128),
    asset: z.enum(['native-currency', 'USDC']).optional(),
  }),
})
export type FundingConfig = z.infer<typeof publicFundingConfigSchema>

/** The funding options as answered: the chain's own currency is `native-currency` (`native` its alias). */
export function toPublicFundingConfig(config: z.infer<typeof fundingConfigSchema>): FundingConfig {
  const { asset, chain } = config.default_recommended_currency
  const publicAsset = asset === 'native' ? 'native-currency' : asset
  return {
    ...config,
    default_recommended_currency: publicAsset === undefined ? { chain } : { chain, asset: publicAsset },
  }
}

/**
 * The app's accounts at the funding providers, server-only (never in the public app config). `moonpay`:
 * the publishable `api_key` (`pk_…`, also in the widget URL) and the `secret_key` (`sk_…`) that signs
 * widget URLs (HMAC-SHA256), `use_sandbox` for MoonPay's sandbox. `coinbase`: the Coinbase Developer
 * Platform project id (Onramp's `appId`) and a CDP secret API key (`api_key_id`, `api_key_secret`: an
 * Ed25519 key in base64 or an EC P-256 PEM) that authenticates the session-token call by JWT.
 */
export const fundingProvidersSettingsSchema = z.object({
  moonpay: z
    .object({
      api_key: z.string().min(1).max(256),
      secret_key: z.string().min(1).max(256),
      use_sandbox: z.boolean(),
    })
    .nullable(),
  coinbase: z
    .object({
      project_id: z.string().min(1).max(256),
      api_key_id: z.string().min(1).max(512),
      api_key_secret: z.string().min(1).max(4096),
    })
    .nullable(),
})
export type FundingProvidersSettings = z.infer<typeof fundingProvidersSettingsSchema>

/** MoonPay `currencyCode`s the client asks for (docs/wire.md#funding, docs/limits.md). */
export const moonpayCurrencyCodeSchema = z.enum([
  'ETH_ETHEREUM',
  'USDC_ETHEREUM',
  'ETH_ARBITRUM',
  'USDC_ARBITRUM',
  'ETH_BASE',
  'USDC_BASE',
  'MATIC_POLYGON',
  'USDC_POLYGON',
  'AVAX_CCHAIN',
  'USDC_CCHAIN',
  'CELO_CELO',
  'MON_MON',
  'SOL',
  'USDC_SOL',
  'ETH',
  'USDC',
])
export type MoonpayCurrencyCode = z.infer<typeof moonpayCurrencyCodeSchema>

/** MoonPay payment methods (docs/wire.md#funding); the client sends `credit_debit_card`. */
export const moonpayPaymentMethodSchema = z.enum([
  'ach_bank_transfer',
  'credit_debit_card',
  'gbp_bank_transfer',
  'gbp_open_banking_payment',
  'mobile_wallet',
  'sepa_bank_transfer',
  'sepa_open_banking_payment',
  'pix_instant_payment',
  'yellow_card_bank_transfer',
])

/**
 * `POST /api/v1/plugins/moonpay_on_ramp/sign` (docs/api.md, docs/wire.md#funding): the wallet `address`,
 * `useSandbox`, and the widget's `config` (currency, amount in that currency, payment method, email,
 * colours).
 */
export const moonpaySignRequestSchema = z.object({
  address: z.string().min(1).max(128),
  useSandbox: z.boolean().optional(),
  config: z.object({
    currencyCode: moonpayCurrencyCodeSchema.optional(),
    quoteCurrencyAmount: z.number().positive().finite().optional(),
    paymentMethod: moonpayPaymentMethodSchema.optional(),
    email: z.string().max(254).optional(),
    uiConfig: z
      .object({
        accentColor: z
          .string()
          .regex(/^#[0-9a-fA-F]{3,8}$/)
          .optional(),
        theme: z.enum(['light', 'dark']).optional(),
      })
      .optional(),
  }),
})
export type MoonpaySignRequest = z.infer<typeof moonpaySignRequestSchema>

/** Answer of the MoonPay sign call: the signed widget URL and the id to poll its transaction by. */
export const moonpaySignResponseSchema = z.object({
  signedUrl: z.string(),
  externalTransactionId: z.string(),
})
export type MoonpaySignResponse = z.infer<typeof moonpaySignResponseSchema>

/**
 * Query of `GET /api/v1/token_price` (docs/api.md): `chainId` (EIP-155 id; Solana uses 0) and `tokenSymbol`
 * (`ETH`, `SOL`, `USDC`…).
 */
export const tokenPriceQuerySchema = z.object({
  chainId: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  tokenSymbol: z
    .string()
    .min(1)
    .max(16)
    .regex(/^[A-Za-z0-9.]+$/, 'Expected a token symbol'),
})
export type TokenPriceQuery = z.infer<typeof tokenPriceQuerySchema>

/** Answer of `GET /api/v1/token_price`: the price of one token in US dollars. */
export const tokenPriceResponseSchema = z.object({ usd: z.number().nonnegative() })
export type TokenPriceResponse = z.infer<typeof tokenPriceResponseSchema>
