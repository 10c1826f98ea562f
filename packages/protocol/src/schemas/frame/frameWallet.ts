import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import {
  chainTypeSchema,
  entropyIdVerifierSchema,
  recoveryMethodSchema,
  walletAddressSchema,
  walletIndexSchema,
} from '../wallets'

/** The entropy id of a wallet: the index-0 address of its entropy (docs/wire.md `entropyId`). */
export const frameEntropyIdSchema = walletAddressSchema

/** A wallet as the frame reports it after create/add (camelCase mirror of the server's embedded wallet). */
export const frameWalletSchema = z.object({
  address: z.string(),
  chainType: chainTypeSchema,
  walletIndex: walletIndexSchema,
  entropyId: z.string(),
  entropyIdVerifier: entropyIdVerifierSchema,
  recoveryMethod: recoveryMethodSchema,
  imported: z.boolean(),
})
export type FrameWallet = z.infer<typeof frameWalletSchema>

/**
 * A new wallet as the create events answer it: the wallet, and for a wallet made on iCloud the CloudKit web
 * auth token CloudKit handed back after the save (`nextRecoveryAccessToken`; a web auth token authorizes one
 * call), so a second wallet can be made on iCloud without another Apple sign-in (docs/recovery-icloud.md).
 */
export const frameCreatedWalletSchema = frameWalletSchema.extend({
  nextRecoveryAccessToken: z.string().max(4096).optional(),
})
export type FrameCreatedWallet = z.infer<typeof frameCreatedWalletSchema>

/** The answer of connect, recover and set-recovery: which entropy is now unlocked in the frame. */
export const frameEntropyStateSchema = z.object({
  chainType: chainTypeSchema,
  entropyId: z.string(),
  recoveryMethod: recoveryMethodSchema,
})
export type FrameEntropyState = z.infer<typeof frameEntropyStateSchema>

/**
 * The answer of recover: the unlocked entropy, and for an iCloud wallet the CloudKit web auth token CloudKit
 * handed back after the read (`nextRecoveryAccessToken`), so the session's next iCloud wallet recovers without
 * another Apple sign-in (docs/recovery-icloud.md).
 */
export const frameRecoveredEntropySchema = frameEntropyStateSchema.extend({
  nextRecoveryAccessToken: z.string().max(4096).optional(),
})
export type FrameRecoveredEntropy = z.infer<typeof frameRecoveredEntropySchema>
