import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { linkedAccountTimes } from './common'

/** A wallet of the provider user as the requester sees it (docs/linked-accounts.md#account-shapes). */
const crossAppWalletSchema = z.object({ address: z.string() })

/**
 * A `cross_app` linked account (docs/linked-accounts.md#account-shapes; docs/wire.md): the provider app, the
 * provider user's id (`subject`) and the provider user's embedded and smart wallets at the last sign-in.
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
