import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { chainTypeSchema } from '../wallets'
import { frameAccessTokenSchema } from './frameEnvelope'
import { frameEntropyIdSchema } from './frameWallet'

/**
 * `privy:wallets:add`: an additional HD wallet of an unlocked (or unlockable) entropy. `walletIndex` ≥ 1;
 * absent → the next free index. Reply: a frame wallet.
 */
export const frameAddWalletRequestSchema = z.object({
  accessToken: frameAccessTokenSchema,
  chainType: chainTypeSchema,
  entropyId: frameEntropyIdSchema,
  walletIndex: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .optional(),
})
export type FrameAddWalletRequest = z.infer<typeof frameAddWalletRequestSchema>
