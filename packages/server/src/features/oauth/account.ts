import {
  type OAuthAccount,
  type OAuthAccountType,
  type OAuthProvider,
  oauthAccountType,
  oauthProviders,
} from '@foyer/protocol'

/** A stored `<provider>_oauth` account as the user query reads it (times in whole seconds). */
export type OAuthAccountRow = {
  type: string
  /** The provider's user id. */
  subject: string
  verified_s: number
  first_verified_s: number
  latest_verified_s: number
  /** The WIRE.md §12 fields stored at sign-in ({@link ProviderUser} details). */
  details?: Record<string, unknown> | null
}

/** How one OAuth account type maps to its wire shape (WIRE.md §12). */
export type OAuthAccountMapping<T extends OAuthAccountType> = {
  type: T
  toLinkedAccount(row: OAuthAccountRow): Extract<OAuthAccount, { type: T }>
}

const textOrNull = (details: Record<string, unknown>, key: string): string | null => {
  const value = details[key]
  return typeof value === 'string' && value !== '' ? value : null
}

function times(row: OAuthAccountRow) {
  return {
    verified_at: Number(row.verified_s),
    first_verified_at: Number(row.first_verified_s),
    latest_verified_at: Number(row.latest_verified_s),
  }
}

/** The wire account of a row of `provider` (WIRE.md §12), each provider's fields from `details`. */
function toOAuthAccount(provider: OAuthProvider, row: OAuthAccountRow): OAuthAccount {
  const d = row.details ?? {}
  const base = { subject: row.subject, ...times(row) }
  switch (provider) {
    case 'google':
      return {
        type: 'google_oauth',
        ...base,
        email: textOrNull(d, 'email') ?? '',
        name: textOrNull(d, 'name'),
      }
    case 'twitter':
      return {
        type: 'twitter_oauth',
        ...base,
        username: textOrNull(d, 'username'),
        name: textOrNull(d, 'name'),
        profile_picture_url: textOrNull(d, 'profile_picture_url'),
      }
    case 'discord':
      return {
        type: 'discord_oauth',
        ...base,
        username: textOrNull(d, 'username'),
        email: textOrNull(d, 'email'),
      }
    case 'github':
      return {
        type: 'github_oauth',
        ...base,
        username: textOrNull(d, 'username'),
        name: textOrNull(d, 'name'),
        email: textOrNull(d, 'email'),
      }
    case 'spotify':
      return { type: 'spotify_oauth', ...base, email: textOrNull(d, 'email'), name: textOrNull(d, 'name') }
    case 'instagram':
      return { type: 'instagram_oauth', ...base, username: textOrNull(d, 'username') }
    case 'tiktok':
      return {
        type: 'tiktok_oauth',
        ...base,
        username: textOrNull(d, 'username'),
        name: textOrNull(d, 'name'),
      }
    case 'linkedin': {
      const name = textOrNull(d, 'name')
      const vanity = textOrNull(d, 'vanity_name')
      return {
        type: 'linkedin_oauth',
        ...base,
        email: textOrNull(d, 'email'),
        ...(name ? { name } : {}),
        ...(vanity ? { vanity_name: vanity } : {}),
      }
    }
    case 'apple':
      return { type: 'apple_oauth', ...base, email: textOrNull(d, 'email') }
  }
}

/**
 * The nine OAuth account types (`google_oauth` …) and their mapping from a stored row to the wire shape
 * (WIRE.md §12); `users/service` uses it for every `<provider>_oauth` row.
 *
 * @example oauthAccounts.github_oauth.toLinkedAccount(row) // { type: 'github_oauth', subject, username, name, email, … }
 */
export const oauthAccounts = Object.fromEntries(
  oauthProviders.map((provider) => [
    oauthAccountType(provider),
    {
      type: oauthAccountType(provider),
      toLinkedAccount: (row: OAuthAccountRow) => toOAuthAccount(provider, row),
    },
  ]),
) as { [T in OAuthAccountType]: OAuthAccountMapping<T> }

/**
 * True when `type` is one of the nine OAuth account types.
 *
 * @example isOAuthAccountType('github_oauth') // true
 */
export function isOAuthAccountType(type: string): type is OAuthAccountType {
  return Object.hasOwn(oauthAccounts, type)
}
