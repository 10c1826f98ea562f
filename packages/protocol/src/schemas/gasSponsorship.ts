import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * The app's gas-sponsorship setting (`gas_sponsorship`, server-only, never in the public config;
 * docs/gas-sponsorship.md): the verifying paymaster the Foyer server signs for.
 * - `paymaster_address`: the EntryPoint v0.8 verifying paymaster contract (20-byte hex) whose signer is
 *   `signer_private_key`'s address;
 * - `signer_private_key`: the secp256k1 key (32-byte hex) that signs paymaster data; a secret, sealed at
 *   rest with the app's other secrets;
 * - `chain_ids`: the EVM chains it sponsors on;
 * - `daily_limit_wei_per_user`: the most gas cost (wei, decimal) it sponsors for one user per UTC day,
 *   counted at each operation's maximum (gas limits × `maxFeePerGas`).
 * Sponsorship is off while `paymaster_address` or `signer_private_key` is null.
 */
export const gasSponsorshipSettingsSchema = z.object({
  paymaster_address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .nullable(),
  signer_private_key: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .nullable(),
  chain_ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 53 - 1),
    )
    .max(50),
  daily_limit_wei_per_user: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,77})$/)
    .nullable(),
})
export type GasSponsorshipSettings = z.infer<typeof gasSponsorshipSettingsSchema>
