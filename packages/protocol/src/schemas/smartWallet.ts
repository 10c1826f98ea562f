import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/** Smart-wallet options (docs/wire.md). */
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
