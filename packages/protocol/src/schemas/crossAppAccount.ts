import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { linkedAccountTimes } from './common'

/** A wallet of the provider user as the requester sees it (WIRE.md §12). */
const crossAppWalletSchema = z.object({ address: z.string() })

/**
 * A `cross_app` linked account (WIRE.md §12; spec 01 §3): the provider app, the provider user's id
 * (`subject`) and the provider user's embedded and smart wallets at the last sign-in.
 */
export const crossAppAccountSchema = z.object({
  type: z.literal('cross_app'),
  provider_app_id: z.string(),
  subject: z.string(),
  embedded_wallets: z.array(crossAppWalletSchema),
  smart_wallets: z.array(crossAppWalletSchema),
  ...linkedAccountTimes,
})
export type CrossAppAccount = z.infer<typeof crossAppAccountSchema>
