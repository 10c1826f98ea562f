import type { LinkedAccountType } from '@foyer/protocol'
import { crossAppSignIn } from './crossApp/method'
import { customJwtSignIn } from './customJwt/method'
import { farcasterSignIn } from './farcaster/method'
import { guestSignIn } from './guest/method'
import { oauthSignIn } from './oauth/method'
import { passkeySignIn } from './passkeys/method'
import { emailSignIn } from './passwordless/method'
import { walletSignIn } from './siwe/method'
import { smsSignIn } from './sms/method'
import { telegramSignIn } from './telegram/method'
import type { AccountKind } from './users/AccountKind'

/**
 * Every sign-in method of the server, one module each (issue 10 §1; docs/adding-a-sign-in-method.md).
 * `createApp` registers their routes in this order; {@link accountKind} finds their account kinds.
 */
export const signInMethods = [
  emailSignIn,
  smsSignIn,
  passkeySignIn,
  walletSignIn,
  oauthSignIn,
  guestSignIn,
  customJwtSignIn,
  telegramSignIn,
  farcasterSignIn,
  crossAppSignIn,
] as const

/** An account kind of one of the {@link signInMethods}. */
type RegisteredKind = (typeof signInMethods)[number]['accounts'][number]

/** A stored linked-account type (the `type` column), as the sign-in methods define them. */
export type AccountType = RegisteredKind['type']

/**
 * Compile-time check that every member of the protocol's linked-account union is produced by some
 * registered account kind (embedded wallets, wire `wallet`, come from the wallets feature as well as from
 * `siwe`/`siws`): a new wire type without a kind fails to compile here, naming the type.
 */
type WireTypeOf<Kind> = Kind extends { toLinkedAccount(...args: never[]): infer Wire }
  ? NonNullable<Wire> extends { type: infer Type }
    ? Type
    : never
  : never
type Unmapped = Exclude<LinkedAccountType, WireTypeOf<RegisteredKind>>
type AssertAllMapped<Missing extends never> = Missing
export type AllLinkedAccountTypesMapped = AssertAllMapped<Unmapped>

const kindsByType: ReadonlyMap<string, AccountKind> = new Map(
  signInMethods.flatMap((method) => method.accounts.map((kind) => [kind.type, kind] as const)),
)

/** The account kind of a stored type; undefined for a type no registered method owns. */
export function accountKind(type: string): AccountKind | undefined {
  return kindsByType.get(type)
}
