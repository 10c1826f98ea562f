import type { LinkedAccountType } from '@foyer/protocol'
import { analytics } from './features/analytics/plugin'
import { crossApp } from './features/crossApp/method'
import { customJwt } from './features/customJwt/method'
import { delegatedActions } from './features/delegatedActions/plugin'
import { farcaster } from './features/farcaster/method'
import { farcasterSigners } from './features/farcasterSigner/plugin'
import { funding } from './features/funding/plugin'
import { gasSponsorship } from './features/gasSponsorship/plugin'
import { guest } from './features/guest/method'
import { mfa } from './features/mfa/plugin'
import { oauth } from './features/oauth/method'
import { passkeys } from './features/passkeys/method'
import { email } from './features/passwordless/method'
import { serverApi } from './features/serverApi/plugin'
import { siwe } from './features/siwe/method'
import { sms } from './features/sms/method'
import { telegram } from './features/telegram/method'
import { type AccountKinds, accountKindsOf } from './features/users/AccountKind'

/**
 * Every sign-in method with its default options, in the order `createApp` registers them when the host
 * lists none (docs/plugins.md). Besides `createApp`'s default, only the CLI's configuration builds a full
 * list (from `FOYER_*` variables).
 */
export function defaultMethods() {
  return [
    email(),
    sms(),
    passkeys(),
    siwe(),
    oauth(),
    guest(),
    customJwt(),
    telegram(),
    farcaster(),
    crossApp(),
  ] as const
}

/** Every feature with its default options: `createApp`'s default `features`. */
export function defaultFeatures() {
  return [
    mfa(),
    farcasterSigners(),
    funding(),
    delegatedActions(),
    gasSponsorship(),
    analytics(),
    serverApi(),
  ] as const
}

/** An account kind of one of the {@link defaultMethods}. */
type RegisteredKind = ReturnType<typeof defaultMethods>[number]['accounts'][number]

declare module './features/users/AccountKind' {
  /** The stored types of the methods' account kinds (`AccountType`). */
  interface RegisteredAccountTypes extends Record<RegisteredKind['type'], true> {}
}

/**
 * Compile-time check that every member of the protocol's linked-account union is produced by some
 * method's account kind (embedded wallets, wire `wallet`, come from the wallets feature as well as from
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

/** The account kinds of every method, by stored type (what tests give the users feature's functions). */
export const accountKinds: AccountKinds = accountKindsOf(defaultMethods())
