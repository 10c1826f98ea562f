import {
  type LinkedAccount,
  type OAuthAccount,
  type OAuthAccountType,
  type OAuthProvider,
  oauthAccountType,
  oauthProviders,
} from '@foyer/protocol'
import {
  type AccountKind,
  type AdmissionCandidate,
  accountTimes,
  type StoredAccount,
  type TransferCandidate,
} from '../users/AccountKind'

/** A string detail, or null when absent or empty. */
function text(details: Record<string, unknown>, key: string): string | null {
  const value = details[key]
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * The provider-specific fields of each provider's wire account (docs/linked-accounts.md#account-shapes), read
 * from the account's `details` (stored under the same names when the provider's user was fetched).
 */
const wireFields: {
  [P in OAuthProvider]: (
    details: Record<string, unknown>,
  ) => Omit<
    Extract<OAuthAccount, { type: `${P}_oauth` }>,
    'type' | 'subject' | 'verified_at' | 'first_verified_at' | 'latest_verified_at'
  >
} = {
  // Google always has an email (the `email` scope); an account stored without one shows ''.
  google: (d) => ({ email: text(d, 'email') ?? '', name: text(d, 'name') }),
  discord: (d) => ({ username: text(d, 'username'), email: text(d, 'email') }),
  github: (d) => ({ username: text(d, 'username'), name: text(d, 'name'), email: text(d, 'email') }),
  linkedin: (d) => {
    const name = text(d, 'name')
    const vanityName = text(d, 'vanity_name')
    return {
      email: text(d, 'email'),
      ...(name === null ? {} : { name }),
      ...(vanityName === null ? {} : { vanity_name: vanityName }),
    }
  },
  twitter: (d) => ({
    username: text(d, 'username'),
    name: text(d, 'name'),
    profile_picture_url: text(d, 'profile_picture_url'),
  }),
  spotify: (d) => ({ email: text(d, 'email'), name: text(d, 'name') }),
  instagram: (d) => ({ username: text(d, 'username') }),
  tiktok: (d) => ({ username: text(d, 'username'), name: text(d, 'name') }),
  apple: (d) => ({ email: text(d, 'email') }),
}

/**
 * A link conflict on an OAuth account offers the transfer (docs/modal.md: the provider's profile), naming it
 * by name, username, email or subject; `otherUser.oAuthUserInfo` is echoed as `userInfo`
 * (docs/wire.md#account-transfer).
 */
const oauthTransfer = {
  displayName: ({ subject, details }: TransferCandidate) =>
    text(details, 'name') ?? text(details, 'username') ?? text(details, 'email') ?? subject,
  otherUser: ({ subject, details }: TransferCandidate) => {
    const fields = {
      email: text(details, 'email'),
      name: text(details, 'name'),
      username: text(details, 'username'),
      vanityName: text(details, 'vanity_name'),
      profilePictureUrl: text(details, 'profile_picture_url'),
    }
    const present = Object.entries(fields).filter(([, value]) => value !== null)
    return { oAuthUserInfo: { subject, ...Object.fromEntries(present) } }
  },
}

/** The account kind of one OAuth provider (see {@link oauthAccountKinds}). */
function oauthAccountKind<P extends OAuthProvider>(provider: P) {
  const type = oauthAccountType(provider) as `${P}_oauth`
  return {
    type,
    linkLimit: 1,
    toLinkedAccount: (row: StoredAccount) =>
      ({
        type,
        subject: row.subject,
        ...wireFields[provider](row.details ?? {}),
        ...accountTimes(row),
      }) as Extract<LinkedAccount, { type: `${P}_oauth` }>,
    // docs/security.md property 55: an OAuth sign-up passes the allow-list only by the email the provider verified.
    admits: (entry: string, { verifiedEmail }: AdmissionCandidate) =>
      verifiedEmail !== null && entry.toLowerCase() === verifiedEmail.toLowerCase(),
    transfer: oauthTransfer,
  } satisfies AccountKind<`${P}_oauth`>
}

/**
 * The accounts of the nine OAuth providers (docs/wire.md): stored type `<provider>_oauth`, subject = the
 * provider's user id (users are keyed by (provider, subject)), details = the
 * docs/linked-accounts.md#account-shapes fields; one per provider per user (docs/limits.md); an allow-list
 * entry admits only an email the provider verified.
 */
export const oauthAccountKinds = oauthProviders.map(oauthAccountKind) as {
  [P in OAuthProvider]: ReturnType<typeof oauthAccountKind<P>>
}[OAuthProvider][]

/** The provider of an OAuth account type (`google_oauth` → `google`), or null. */
export function providerOfAccountType(type: string): OAuthProvider | null {
  const provider = type.endsWith('_oauth') ? type.slice(0, -'_oauth'.length) : ''
  return (oauthProviders as readonly string[]).includes(provider) ? (provider as OAuthProvider) : null
}

export type { OAuthAccountType }
