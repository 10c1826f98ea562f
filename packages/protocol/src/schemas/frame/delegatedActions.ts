import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { chainTypeSchema, walletIndexSchema } from '../wallets'
import { frameAccessTokenSchema } from './frameEnvelope'

/**
 * `privy:delegated-actions:consent` (docs/delegated-actions.md#consent), the reference client's shape: the
 * user accepted; the frame hands the signer the device share of `rootWallet`'s entropy for the
 * `delegatedWallets` (addresses of that entropy with their HD index). Reply: `{ success: true }`.
 */
export const frameDelegatedActionsConsentRequestSchema = z.object({
  accessToken: frameAccessTokenSchema,
  rootWallet: z.object({
    address: z.string().min(1).max(64),
    chainType: chainTypeSchema,
    imported: z.boolean().optional(),
  }),
  delegatedWallets: z
    .array(
      z.object({
        address: z.string().min(1).max(64),
        chainType: chainTypeSchema,
        walletIndex: walletIndexSchema,
      }),
    )
    .min(1)
    .max(20),
})
export type FrameDelegatedActionsConsentRequest = z.infer<typeof frameDelegatedActionsConsentRequestSchema>

/** `privy:delegated-actions:consent` reply. */
export const frameDelegatedActionsConsentReplySchema = z.object({ success: z.boolean() })
