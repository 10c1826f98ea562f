import '../../zod/jitlessInBrowsers'
import { z } from 'zod'
import { chainTypeSchema, walletIndexSchema } from '../wallets'
import { frameAccessTokenSchema } from './frameEnvelope'
import { frameEntropyIdSchema } from './frameWallet'

/**
 * `privy:wallets:export` (export page only): show the private key of `walletIndex` — and, when
 * `phraseExport` and the wallet is a non-imported Ethereum wallet, the recovery phrase — inside the export
 * frame. The key never travels to the host. Reply: `{ address }`.
 */
export const frameExportWalletRequestSchema = z.object({
  accessToken: frameAccessTokenSchema,
  chainType: chainTypeSchema,
  entropyId: frameEntropyIdSchema,
  walletIndex: walletIndexSchema,
  phraseExport: z.boolean().optional(),
})
export type FrameExportWalletRequest = z.infer<typeof frameExportWalletRequestSchema>

/** `privy:wallets:export` reply. */
export const frameExportWalletReplySchema = z.object({ address: z.string() })
