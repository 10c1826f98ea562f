import type { ScreenDefinition } from '../../modal/ScreenDefinition'
import type { LoginScreenParamsMap } from '../../modal/screenParams'
import { emailLogin } from './AwaitingCode/emailLogin'
import { farcasterLogin } from './AwaitingFarcaster/farcasterLogin'
import { passkeyLogin } from './AwaitingPasskey/passkeyLogin'
import { crossAppLogin } from './CrossApp/crossAppLogin'
import type { LandingMethod } from './Landing/landingModel'
import type { LoginKind, LoginMethod, LoginMethods, LoginStartOf } from './LoginMethod'
import { oauthLogin } from './OAuthStatus/oauthLogin'
import { smsLogin } from './PhoneForm/smsLogin'
import { telegramLogin } from './Telegram/telegramLogin'

/**
 * Every login method's React side, one entry per login kind, in landing order (docs/adding-a-sign-in-method.md).
 * `startLogin` continues a start with its kind's entry, the landing renders each method through its
 * entry, and the screen registry takes each entry's screens. A kind without an entry fails to compile.
 */
export const loginMethods = {
  email: emailLogin,
  sms: smsLogin,
  passkey: passkeyLogin,
  oauth: oauthLogin,
  telegram: telegramLogin,
  farcaster: farcasterLogin,
  crossApp: crossAppLogin,
} satisfies LoginMethods

/** The entry of a start's kind. */
export function loginMethodOf<Kind extends LoginKind>(start: LoginStartOf<Kind>): LoginMethod<Kind> {
  return (loginMethods as LoginMethods)[start.kind as Kind]
}

/** The entry that renders a landing method (`'oauth:google'` → OAuth); undefined for the wallet entry. */
export function landingLoginMethod(method: LandingMethod): LoginMethods[LoginKind] | undefined {
  return Object.values(loginMethods as LoginMethods).find((entry) => entry.landing.matches(method))
}

/** The registry entries of every login method's screens (the modal's `screens` adds them). */
export const loginMethodScreens = Object.assign(
  {},
  ...Object.values(loginMethods as LoginMethods).map((entry) => entry.screens),
) as LoginMethodScreens

/** The screens the login methods define, with their registry entries. */
export type LoginMethodScreens = {
  [Id in LoginMethodScreenId]: ScreenDefinition<Id>
}

/** The ids of the screens the login methods define. */
export type LoginMethodScreenId = {
  [Kind in keyof typeof loginMethods]: keyof (typeof loginMethods)[Kind]['screens']
}[keyof typeof loginMethods]

/** `true` when `A` and `B` are the same set of keys. */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** Compiles only for `true`. */
type Assert<Condition extends true> = Condition

/**
 * Compiles only when the screens the entries register are exactly the screens whose params the methods
 * declare in `LoginScreenParamsMap` (`modal/screenParams.ts`): a screen without params, or params without
 * a screen, is a type error here.
 */
export type LoginScreensAgree = Assert<SameKeys<LoginMethodScreenId, keyof LoginScreenParamsMap>>
