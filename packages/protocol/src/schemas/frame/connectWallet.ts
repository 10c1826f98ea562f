import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { chainTypeSchema, supportedRecoveryMethodSchema } from '../wallets'
import { checkRecovery } from './createWallet'
import { frameAccessTokenSchema } from './frameEnvelope'
import { frameEntropyIdSchema } from './frameWallet'

const entropyFields = {
  accessToken: frameAccessTokenSchema,
  chainType: chainTypeSchema,
  entropyId: frameEntropyIdSchema,
}

/**
 * `privy:wallets:connect`: unlock the entropy in frame memory (device share + auth share). Without a device
 * share, `privy` recovers automatically; `user-passcode` fails with `wallet_not_on_device`. Reply: entropy state.
 */
/**
 * `privy:wallets:connect`: `chainType` defaults to `ethereum` (the reference client sends
 * `{ accessToken, entropyId, entropyIdVerifier }`; `docs/frame-protocol.md`).
 */
export const frameConnectWalletRequestSchema = z.object({
  ...entropyFields,
  chainType: chainTypeSchema.default('ethereum'),
})
export type FrameConnectWalletRequest = z.infer<typeof frameConnectWalletRequestSchema>

/**
 * `privy:wallets:recover`: rebuild from auth share + recovery share and store a device share. A wrong
 * `recoveryPassword` fails with `invalid_recovery_pin`. Reply: entropy state.
 */
export const frameRecoverWalletRequestSchema = z.object({
  ...entropyFields,
  recoveryPassword: z.string().min(1).max(256).optional(),
})
export type FrameRecoverWalletRequest = z.infer<typeof frameRecoverWalletRequestSchema>

/**
 * `privy:wallets:set-recovery`: change the recovery method (re-splits the entropy). `recoveryPassword` is
 * required for `user-passcode`, refused for `privy`. Reply: entropy state.
 */
export const frameSetRecoveryRequestSchema = z
  .object({
    ...entropyFields,
    recoveryMethod: supportedRecoveryMethodSchema,
    recoveryPassword: z.string().min(6).max(256).optional(),
    existingRecoveryMethod: supportedRecoveryMethodSchema.optional(),
  })
  .superRefine(checkRecovery)
export type FrameSetRecoveryRequest = z.infer<typeof frameSetRecoveryRequestSchema>
