import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { chainTypeSchema, settableRecoveryMethodSchema } from '../wallets'
import { checkRecovery, recoveryAccessTokenSchema } from './createWallet'
import { frameAccessTokenSchema } from './frameEnvelope'
import { frameEntropyIdSchema } from './frameWallet'

const entropyFields = {
  accessToken: frameAccessTokenSchema,
  chainType: chainTypeSchema,
  entropyId: frameEntropyIdSchema,
}

/**
 * Request data with its `chainType` filled in when it names none: the chain of its `entropyIdVerifier`
 * (`solana-address-verifier` → `solana`), else `ethereum`. The reference client sends connect, recover and
 * set-recovery as `{ accessToken, entropyId, entropyIdVerifier, … }` (docs/frame-protocol.md#compatibility-with-the-reference-client).
 * Anything that is not a plain object is returned as is, for the schema to refuse.
 */
function withChainType(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data
  const fields = data as Record<string, unknown>
  if (fields.chainType !== undefined) return data
  return {
    ...fields,
    chainType: fields.entropyIdVerifier === 'solana-address-verifier' ? 'solana' : 'ethereum',
  }
}

/**
 * `privy:wallets:connect`: unlock the entropy in frame memory (device share + auth share). Without a device
 * share, `privy` recovers automatically; `user-passcode` fails with `wallet_not_on_device`. Reply: entropy
 * state. `chainType` may be absent (`withChainType`).
 */
export const frameConnectWalletRequestSchema = z.preprocess(withChainType, z.object(entropyFields))
export type FrameConnectWalletRequest = z.infer<typeof frameConnectWalletRequestSchema>

/**
 * `privy:wallets:recover`: rebuild from auth share + recovery share and store a device share. A wrong
 * `recoveryPassword` fails with `invalid_recovery_pin`; a `google-drive` wallet needs `recoveryAccessToken`. Reply: entropy state. `chainType` may be absent
 * (`withChainType`).
 */
export const frameRecoverWalletRequestSchema = z.preprocess(
  withChainType,
  z.object({
    ...entropyFields,
    recoveryPassword: z.string().min(1).max(256).optional(),
    /** Google's access token for the Drive app-data folder (`google-drive` wallets); used once, never kept. */
    recoveryAccessToken: recoveryAccessTokenSchema.optional(),
  }),
)
export type FrameRecoverWalletRequest = z.infer<typeof frameRecoverWalletRequestSchema>

/**
 * `privy:wallets:set-recovery`: change the recovery method (re-splits the entropy). `recoveryPassword` is
 * required for `user-passcode`, refused for `privy` and `google-drive`; `recoveryAccessToken` is required for
 * `google-drive`; `existingRecoveryAccessToken` (a wallet leaving `google-drive` or `icloud`) lets the frame delete
 * the old Drive secret or CloudKit record. Reply: entropy state. `chainType` may be absent
 * (`withChainType`).
 */
export const frameSetRecoveryRequestSchema = z.preprocess(
  withChainType,
  z
    .object({
      ...entropyFields,
      recoveryMethod: settableRecoveryMethodSchema,
      recoveryPassword: z.string().min(6).max(256).optional(),
      /** Google's access token for the Drive app-data folder (`google-drive`); used once, never kept. */
      recoveryAccessToken: recoveryAccessTokenSchema.optional(),
      existingRecoveryMethod: settableRecoveryMethodSchema.optional(),
      /**
       * Google's access token for the Drive app-data folder of a wallet now on `google-drive`, or the user's
       * CloudKit web auth token for a wallet now on `icloud`: with it the frame deletes the old recovery
       * secret (Drive file or CloudKit record) once the new method is stored. Used once, never kept.
       */
      existingRecoveryAccessToken: recoveryAccessTokenSchema.optional(),
    })
    .superRefine(checkRecovery),
)
export type FrameSetRecoveryRequest = z.infer<typeof frameSetRecoveryRequestSchema>
