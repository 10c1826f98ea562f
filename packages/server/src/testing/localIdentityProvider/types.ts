import type { KeyObject } from 'node:crypto'
import type { OAuthProvider } from '@foyer/protocol'

/** A user of the local identity provider (the same person at every provider it stands in for). */
export type LocalIdentityProviderUser = {
  /** The provider's user id (GitHub's numeric id when it is all digits). */
  subject: string
  email?: string | null
  /** Whether the provider says the email is verified; default true. */
  emailVerified?: boolean
  name?: string | null
  username?: string | null
  pictureUrl?: string | null
  /** The provider suspended the account: X answers its user resource with 403 `user-suspended`. */
  suspended?: boolean
  /** This user's X lookups per 15-minute window before 429 (default: the provider's option, 75). */
  twitterUserLookupsPer15Minutes?: number
}

/** A client registered at the local identity provider. */
export type StoredClient = {
  provider: OAuthProvider
  /** Apple: verifies the client's JWT client secret. */
  apple?: { teamId: string; keyId: string; publicKey: CryptoKey | KeyObject }
  /** The secret oidc-provider checks (Apple: an internal one the token shim substitutes). */
  internalSecret: string
}
