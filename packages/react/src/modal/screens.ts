import { type ComponentType, lazy } from 'react'
import type { ErrorInfo } from '../errors/ErrorInfo'
import type { Messages } from '../i18n/en'
import { Landing } from '../screens/login/Landing/Landing'

/** Params of the landing screen: an email to prefill and an inline error to show (both optional). */
export type LandingParams = {
  email?: string
  /** Shown under the email field until it is edited (spec 01 §8: disallowed plus email returns here). */
  inlineError?: 'disallowed_plus_email'
}

/** Params of the awaiting-code screen: the address the code went to. */
export type AwaitingCodeParams = { email: string }

/** The typed params of every screen (STYLE.md §8). `undefined` = the screen takes none. */
export type ScreenParamsMap = {
  landing: LandingParams | undefined
  awaitingCode: AwaitingCodeParams
  error: ErrorInfo
  accountNotFound: undefined
  userLimitReached: undefined
  success: undefined
}

/** A screen id. */
export type ScreenId = keyof ScreenParamsMap

/** Props every screen component receives. */
export type ScreenProps<Id extends ScreenId> = { params: ScreenParamsMap[Id] }

/** One registry entry. */
export type ScreenDefinition<Id extends ScreenId> = {
  /** The component; every screen but landing is lazily loaded (its own chunk). */
  component: ComponentType<ScreenProps<Id>>
  /** The screen's name, announced while its code loads. */
  title: (messages: Messages) => string
  /** Whether Escape, an outside click and the Close button may close the modal here. */
  closable: boolean
}

/**
 * The modal's screen registry (STYLE.md §8, spec 01 §2): id → component, title, closability. Landing is
 * bundled eagerly (budget: provider + hooks + landing ≤ 50 kB gzip); the others load on first use.
 */
export const screens: { [Id in ScreenId]: ScreenDefinition<Id> } = {
  landing: { component: Landing, title: (m) => m.landing.header, closable: true },
  awaitingCode: {
    component: lazy(() =>
      import('../screens/login/AwaitingCode/AwaitingCode').then((m) => ({ default: m.AwaitingCode })),
    ),
    title: (m) => m.awaitingCode.title,
    closable: true,
  },
  error: {
    component: lazy(() => import('../screens/Error/ErrorScreen').then((m) => ({ default: m.ErrorScreen }))),
    title: (m) => m.error.somethingWentWrong,
    closable: true,
  },
  accountNotFound: {
    component: lazy(() =>
      import('../screens/AccountNotFound/AccountNotFound').then((m) => ({ default: m.AccountNotFound })),
    ),
    title: (m) => m.accountNotFound.title,
    closable: true,
  },
  userLimitReached: {
    component: lazy(() =>
      import('../screens/UserLimitReached/UserLimitReached').then((m) => ({ default: m.UserLimitReached })),
    ),
    title: (m) => m.userLimitReached.title,
    closable: true,
  },
  success: {
    component: lazy(() => import('../screens/Success/Success').then((m) => ({ default: m.Success }))),
    title: (m) => m.success.title,
    closable: true,
  },
}

/**
 * Preloads the lazily loaded screens of the email flow (called when the landing form is submitted, so the
 * code screen is ready when the code is sent).
 */
export function preloadEmailScreens(): void {
  void import('../screens/login/AwaitingCode/AwaitingCode')
  void import('../screens/Error/ErrorScreen')
}
