import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { linkedAccountTimes } from './common'
import { SIWE_MESSAGE_MAX_LENGTH } from './siwe'

/** Smart-wallet account types (docs/wire.md; docs/smart-wallets.md#account-types). */
export const smartWalletTypes = [
  'safe',
  'kernel',
  'light_account',
  'biconomy',
  'coinbase_smart_wallet',
  'thirdweb',
  'nexus',
] as const

export const smartWalletConfigSchema = z.object({
  enabled: z.boolean(),
  smart_wallet_type: z.enum(smartWalletTypes).nullable(),
  configured_networks: z.array(
    z.object({
      chain_id: z.string(),
      bundler_url: z.string(),
      paymaster_url: z.string().nullable(),
      paymaster_context: z.object({ policy_id: z.string() }).nullable(),
    }),
  ),
})

/**
 * The smart-wallet configuration as the public app config answers it (docs/app-config.md#smart-wallets):
 * `{ enabled: false }`, or, when enabled with a type, the type and its networks (absent optional fields,
 * never null).
 */
export const publicSmartWalletConfigSchema = z.union([
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    smart_wallet_type: z.enum(smartWalletTypes),
    configured_networks: z.array(
      z.object({
        chain_id: z.string(),
        bundler_url: z.string(),
        paymaster_url: z.string().optional(),
        paymaster_context: z.object({ policy_id: z.string() }).optional(),
      }),
    ),
  }),
])

/** The smart-wallet settings as stored. */
export type SmartWalletSettings = z.infer<typeof smartWalletConfigSchema>
/** The smart-wallet configuration as answered. */
export type PublicSmartWalletConfig = z.infer<typeof publicSmartWalletConfigSchema>

/** The smart-wallet configuration as answered: disabled unless it is enabled with a type. */
export function toPublicSmartWalletConfig(config: SmartWalletSettings): PublicSmartWalletConfig {
  if (!config.enabled || config.smart_wallet_type === null) return { enabled: false }
  return {
    enabled: true,
    smart_wallet_type: config.smart_wallet_type,
    configured_networks: config.configured_networks.map(
      ({ chain_id, bundler_url, paymaster_url, paymaster_context }) => ({
        chain_id,
        bundler_url,
        ...(paymaster_url === null ? {} : { paymaster_url }),
        ...(paymaster_context === null ? {} : { paymaster_context }),
      }),
    ),
  }
}

/** A smart-wallet account type (see {@link smartWalletTypes}). */
export type SmartWalletType = (typeof smartWalletTypes)[number]

/**
 * A `smart_wallet` linked account (docs/smart-wallets.md#the-linked-account): the account's address (EIP-55),
 * its type and, when the client named one, its version; its login method is `siwe`.
 */
export const smartWalletAccountSchema = z.object({
  type: z.literal('smart_wallet'),
  address: z.string(),
  smart_wallet_type: z.enum(smartWalletTypes),
  smart_wallet_version: z.string().optional(),
  ...linkedAccountTimes,
})
export type SmartWalletAccount = z.infer<typeof smartWalletAccountSchema>

/**
 * `POST /api/v1/siwe/link_smart_wallet` `{ message, signature, smart_wallet_type, smart_wallet_version? }`
 * (docs/smart-wallets.md#linking): an ERC-4361 message for the smart wallet's address with a nonce from
 * `siwe/init`, signed through the account (ERC-1271, or ERC-6492 before it is deployed).
 */
export const linkSmartWalletRequestSchema = z.object({
  message: z.string().min(1).max(SIWE_MESSAGE_MAX_LENGTH),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]*$/, 'Expected a 0x hex signature')
    .max(20_000),
  smart_wallet_type: z.enum(smartWalletTypes),
  smart_wallet_version: z
    .string()
    .regex(/^[0-9A-Za-z._-]{1,32}$/, 'Expected a version like 1.4.1')
    .optional(),
})
export type LinkSmartWalletRequest = z.infer<typeof linkSmartWalletRequestSchema>
