import type { CrossAppAccount } from '@foyer/protocol'
import { type AccountKind, accountTimes, type StoredAccount } from '../users/AccountKind'

/** The addresses of a stored wallet list (`[{ address }]`), ignoring malformed entries. */
function wallets(value: unknown): { address: string }[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) =>
    typeof entry === 'object' &&
    entry !== null &&
    typeof (entry as { address?: unknown }).address === 'string'
      ? [{ address: (entry as { address: string }).address }]
      : [],
  )
}

/**
 * The `cross_app` account (docs/wire.md, docs/linked-accounts.md#account-shapes): a user of another app of
 * this server (the provider) signed in here with its consent. Subject = the provider user's DID; `details`
 * hold `provider_app_id` and the provider user's `embedded_wallets` and `smart_wallets` as of the last
 * sign-in (merged on each). One per user (docs/limits.md). It never passes an allow-list: the provider proves
 * no email, phone or wallet of this app's list.
 */
export const crossAppAccountKind = {
  type: 'cross_app',
  linkLimit: 1,
  toLinkedAccount: (row: StoredAccount): CrossAppAccount | null => {
    const details = row.details ?? {}
    const providerAppId = details.provider_app_id
    if (typeof providerAppId !== 'string') return null
    return {
      type: 'cross_app',
      provider_app_id: providerAppId,
      subject: row.subject,
      embedded_wallets: wallets(details.embedded_wallets),
      smart_wallets: wallets(details.smart_wallets),
      ...accountTimes(row),
    }
  },
  // A link conflict offers the transfer through `oauth/transfer` with the provider app in
  // `userInfo.meta` (docs/wire.md#account-transfer).
  transfer: {
    displayName: ({ subject }) => subject,
    otherUser: ({ subject, details }) => ({
      oAuthUserInfo: {
        subject,
        ...(typeof details.provider_app_id === 'string'
          ? { meta: { providerAppId: details.provider_app_id } }
          : {}),
      },
    }),
  },
} as const satisfies AccountKind<'cross_app', CrossAppAccount>
