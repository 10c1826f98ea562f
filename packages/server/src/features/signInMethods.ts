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
import { type AccountKinds, accountKindsOf } from './users/AccountKind'

/**
 * Every sign-in method of the server, one module each (docs/adding-a-sign-in-method.md). `createApp`
 * registers their routes in this order; `createServerContext` puts their account kinds in the context
 * ({@link accountKinds}), where the users, sessions and account-transfer features read them.
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

declare module './users/AccountKind' {
  /** The stored types of the listed methods' account kinds (`AccountType`). */
  interface RegisteredAccountTypes extends Record<RegisteredKind['type'], true> {}
}

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

/** The account kinds of the {@link signInMethods}, by stored type. */
export const accountKinds: AccountKinds = accountKindsOf(signInMethods)
