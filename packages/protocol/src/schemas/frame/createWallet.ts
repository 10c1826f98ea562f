import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { chainTypeSchema, RECOVERY_PASSWORD_MIN_LENGTH, settableRecoveryMethodSchema } from '../wallets'
import { frameAccessTokenSchema } from './frameEnvelope'

const recoveryPasswordSchema = z.string().min(RECOVERY_PASSWORD_MIN_LENGTH).max(256)

/**
 * Google's access token for the Drive app-data folder (`google-drive`) or the user's CloudKit web auth
 * token (`icloud`): used for the calls that store or read the recovery secret, never kept.
 */
export const recoveryAccessTokenSchema = z.string().min(1).max(4096)

const createFields = {
  accessToken: frameAccessTokenSchema,
  /**
   * Default: `user-passcode` when `recoveryPassword` is given, else `privy` (docs/api.md). `google-drive` and
   * `icloud` take `recoveryAccessToken`: the wallet is made on that method directly (docs/recovery-oauth.md
   * "At wallet creation").
   */
  recoveryMethod: settableRecoveryMethodSchema.optional(),
  recoveryPassword: recoveryPasswordSchema.optional(),
  recoveryAccessToken: recoveryAccessTokenSchema.optional(),
}

/**
 * The refinement of a frame request that chooses a recovery method: `user-passcode` needs a
 * `recoveryPassword` ('A recovery password is required'); `privy` (automatic recovery), `google-drive` and
 * `icloud` take none; `google-drive` and `icloud` need a `recoveryAccessToken`. Each issue is reported at the
 * field it names.
 */
export function checkRecovery(
  value: {
    recoveryMethod?: string | undefined
    recoveryPassword?: string | undefined
    recoveryAccessToken?: string | undefined
  },
  ctx: z.RefinementCtx,
): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
  if (value.recoveryMethod === 'user-passcode' && value.recoveryPassword === undefined)
    issue('recoveryPassword', 'A recovery password is required')
  if (value.recoveryMethod === 'privy' && value.recoveryPassword !== undefined)
    issue('recoveryPassword', 'Automatic recovery takes no password')
  if (value.recoveryMethod === 'google-drive' && value.recoveryAccessToken === undefined)
    issue('recoveryAccessToken', 'A Google Drive access token is required')
  if (value.recoveryMethod === 'google-drive' && value.recoveryPassword !== undefined)
    issue('recoveryPassword', 'Google Drive recovery takes no password')
  // iCloud (docs/recovery-icloud.md): the token is the user's CloudKit web auth token.
  if (value.recoveryMethod === 'icloud' && value.recoveryAccessToken === undefined)
    issue('recoveryAccessToken', 'An iCloud sign-in is required')
  if (value.recoveryMethod === 'icloud' && value.recoveryPassword !== undefined)
    issue('recoveryPassword', 'iCloud recovery takes no password')
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
