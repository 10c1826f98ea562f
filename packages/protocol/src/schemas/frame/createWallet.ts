import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { chainTypeSchema, RECOVERY_PASSWORD_MIN_LENGTH, supportedRecoveryMethodSchema } from '../wallets'
import { frameAccessTokenSchema } from './frameEnvelope'

const recoveryPasswordSchema = z.string().min(RECOVERY_PASSWORD_MIN_LENGTH).max(256)

const createFields = {
  accessToken: frameAccessTokenSchema,
  /** Default: `user-passcode` when `recoveryPassword` is given, else `privy` (docs/api.md). */
  recoveryMethod: supportedRecoveryMethodSchema.optional(),
  recoveryPassword: recoveryPasswordSchema.optional(),
}

/**
 * The refinement of a frame request that chooses a recovery method: `user-passcode` needs a
 * `recoveryPassword` ('A recovery password is required'), `privy` (automatic recovery) takes none
 * ('Automatic recovery takes no password'); both issues are reported at `recoveryPassword`.
 */
export function checkRecovery(
  value: { recoveryMethod?: string | undefined; recoveryPassword?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.recoveryMethod === 'user-passcode' && value.recoveryPassword === undefined)
    ctx.addIssue({ code: 'custom', path: ['recoveryPassword'], message: 'A recovery password is required' })
  if (value.recoveryMethod === 'privy' && value.recoveryPassword !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['recoveryPassword'],
      message: 'Automatic recovery takes no password',
    })
}

/** `privy:wallets:create`: create the Ethereum wallet at index 0. Reply: a frame wallet. */
export const frameCreateEthereumWalletRequestSchema = z.object(createFields).superRefine(checkRecovery)

/** `privy:solana-wallet:create`: create the Solana wallet at index 0. Reply: a frame wallet. */
export const frameCreateSolanaWalletRequestSchema = z.object(createFields).superRefine(checkRecovery)

/** `privy:wallet:create`: create the index-0 wallet of `chainType`. Reply: a frame wallet. */
/**
 * `privy:wallet:create`: `chainType` defaults to `ethereum` (the reference client sends none for an
 * Ethereum wallet; `docs/frame-protocol.md`).
 */
export const frameCreateWalletRequestSchema = z
  .object({ ...createFields, chainType: chainTypeSchema.default('ethereum') })
  .superRefine(checkRecovery)
export type FrameCreateWalletRequest = z.infer<typeof frameCreateWalletRequestSchema>

/**
 * `privy:wallets:import` (import page only, docs/frame-protocol.md): import an existing private key of
 * `chainType` that the user types into the import page itself — the key is never in the request. Recovery as
 * on create. Reply: the frame wallet (`imported: true`, index 0).
 */
export const frameImportWalletRequestSchema = z
  .object({ ...createFields, chainType: chainTypeSchema })
  .superRefine(checkRecovery)
export type FrameImportWalletRequest = z.infer<typeof frameImportWalletRequestSchema>
