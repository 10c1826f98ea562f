import type { RecentLoginMethod } from '@foyer/core'
import type { ReactNode } from 'react'
import type { FoyerConfig } from '../../FoyerProvider/FoyerConfig'
import type { Messages } from '../../i18n/Messages'
import type { ModalContextValue } from '../../modal/ModalContext'
import type { Route } from '../../modal/router/createRouter'
import type { ScreenDefinitions } from '../../modal/ScreenDefinition'
import type { ScreenId, ScreenParamsMap } from '../../modal/screenParams'
import type { LandingMethod, LandingView } from './Landing/landingModel'
import type { LandingParams } from './Landing/params'
import type { LoginStart } from './LoginStart'

/** A login start's `kind`: `'email'`, `'sms'`, `'passkey'`, `'oauth'`, … — one per {@link LoginMethod}. */
export type LoginKind = LoginStart['kind']

/** The login start of one kind: `LoginStartOf<'oauth'>` is `{ kind: 'oauth'; provider: string }`. */
export type LoginStartOf<Kind extends LoginKind> = Extract<LoginStart, { kind: Kind }>

/** What `startLogin` and a method's `continue` need of the modal (`config`: the OAuth display mode). */
export type LoginStartContext = Pick<ModalContextValue, 'client' | 'router' | 'state'> & {
  config?: FoyerConfig | undefined
}

/** Where a login start continues: after the landing's click, or on the captcha screen with its token. */
export type LoginStep = {
  /** The captcha token when the captcha screen came first; `undefined` when none was needed. */
  captchaToken: string | undefined
  /** Whether the captcha screen is on top (it is replaced by the method's screen). */
  viaCaptcha: boolean
  /** The history when the step began: a method that awaits something moves on only if it is unchanged. */
  history: readonly Route<ScreenParamsMap>[]
  /** Opens the method's screen: replaces the captcha screen, or goes on top of the landing. */
  open<Id extends ScreenId>(id: Id, params: ScreenParamsMap[Id]): void
}

/**
 * What the landing hands a method's entry (its button or form): how to start, the view it is on, what it
 * keeps for Back (the typed address), focus, and the 'Recent' chip of the last sign-in in this browser.
 */
export type LandingEntryProps = {
  /** The landing method being rendered: `'email'`, `'oauth:google'`, `'privy:<appId>'`, … */
  method: LandingMethod
  /** `startLogin` on this modal (captcha first when the app has one). */
  start(start: LoginStart): Promise<void>
  /** The landing view the entry is on; a code screen's Back returns to it. */
  view: LandingView
  /** The landing's params (what it keeps: the typed address and number). */
  params: LandingParams | undefined
  /** The landing params of this view with `extra` (what Back to this view should keep). */
  landingParams(extra: LandingParams): LandingParams
  /** Whether this entry is the view's first form, which takes focus. */
  autoFocus: boolean
  /** The typed email address, kept by the landing (Back from the phone flow finds it). */
  email: string
  onEmailChange(email: string): void
  /** Show the disallowed-plus-email inline error under the email field. */
  plusError: boolean
  /** The method of the last sign-in in this browser, if any. */
  recent: RecentLoginMethod | null
  /** The 'Recent' chip when `method` was the last sign-in (`hidden`: inside a button, out of its name). */
  recentChip(method: RecentLoginMethod, hidden?: boolean): ReactNode
  /** The chip's id when `method` was the last sign-in: the control's accessible description. */
  describedByRecent(method: RecentLoginMethod): string | undefined
}

/**
 * A login method's React side, in one object (docs/adding-a-sign-in-method.md): its landing entry, how a
 * start continues after the captcha (its screen, or its error flow), its screens, and its copy. The list
 * `loginMethods` holds one per {@link LoginKind}; the landing, `startLogin` and the screen registry iterate
 * it, so a method is its folder plus one line there.
 *
 * @example
 * export const telegramLogin = {
 *   kind: 'telegram',
 *   analyticsName: () => 'telegram',
 *   continue: async (_modal, _start, step) =>
 *     step.open('telegram', { action: 'login', captchaToken: step.captchaToken }),
 *   landing: { matches: (method) => method === 'telegram', render: (props) => <TelegramEntry {...props} /> },
 *   screens: { telegram: { component: lazy(…), title: (m) => m.telegram.continueWith, closable: true } },
 *   copy: ['telegram'],
 * } satisfies LoginMethod<'telegram'>
 */
export type LoginMethod<Kind extends LoginKind> = {
  kind: Kind
  /** The method a start names in analytics (core's `sdkEvents`): `'email'`, `'google'`, `'privy:<appId>'`. */
  analyticsName(start: LoginStartOf<Kind>): string
  /**
   * What the landing keeps of a start when the captcha screen opens above it (the typed address or
   * number), so 'Continue' (Back) finds it; absent: nothing.
   */
  keptLanding?(start: LoginStartOf<Kind>): LandingParams | undefined
  /**
   * Moves the modal on once the captcha (if any) is solved: opens the method's screen, or sends a code and
   * then opens the code screen; failures go to the method's error flow. Resolves when the modal moved on.
   */
  continue(modal: LoginStartContext, start: LoginStartOf<Kind>, step: LoginStep): Promise<void>
  /** The method's landing entries: which landing methods are its, and how each renders. */
  landing: {
    matches(method: LandingMethod): boolean
    render(props: LandingEntryProps): ReactNode
  }
  /** The registry entries of the method's screens (lazily loaded components). */
  screens: ScreenDefinitions
  /** The copy sections (`Messages` keys) the method owns; every shipped locale translates them. */
  copy: readonly (keyof Messages)[]
}

/** One {@link LoginMethod} per login kind: the shape of the `loginMethods` list. */
export type LoginMethods = { [Kind in LoginKind]: LoginMethod<Kind> }
