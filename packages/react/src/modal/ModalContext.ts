import type { FoyerClient, FoyerState } from '@foyer/core'
import { createContext, useContext } from 'react'
import type { FoyerConfig } from '../FoyerProvider/FoyerConfig'
import type { Formatters } from '../i18n/createFormatters'
import type { Messages } from '../i18n/Messages'
import type { SupportedLocale } from '../i18n/resolveLocale'
import type { FoyerTheme } from '../theme/FoyerTheme'
import type { Router } from './router/createRouter'
import type { ScreenParamsMap } from './screenParams'

/** What the modal gives its screens (internal). */
export type ModalContextValue = {
  client: FoyerClient
  /** The client's state snapshot (app configuration, user). */
  state: FoyerState
  config: FoyerConfig | undefined
  router: Router<ScreenParamsMap>
  /** The texts of the provider's locale, with the host's overrides. */
  messages: Messages
  /** Numbers, amounts and dates for the provider's locale. */
  format: Formatters
  /** The shipped locale `messages` are in (e.g. `'de'`); the export frame shows its texts in it. */
  language: SupportedLocale
  /** The app's display name (`appConfig.name`), or the neutral 'this app'. */
  appName: string
  /** The resolved, sanitised theme (`resolveTheme`); the export frame gets its tokens. */
  theme: FoyerTheme
  /** `true` when this login was opened with `login({ disableSignup: true })` (see `signInMode`). */
  disableSignup?: boolean
  /** Closes the modal (the history resets to landing `LANDING_RESET_DELAY_MS` later). */
  close(): void
  /**
   * Whether a screen id is registered in `screens.ts`: a screen may offer a way into a feature whose screen
   * another part registers (e.g. funding's `fundingExchange`) and show it only once that one exists.
   */
  hasScreen(id: string): boolean
  /**
   * What the user typed or pasted for the current screen before it showed ('' when nothing was): while its
   * code loaded, or on the screen before it during `handOffTyping`. The screen takes it over (the code
   * screen fills its boxes).
   */
  typeahead(): string
  /**
   * From now until the returned function is called, or the modal moves to another screen, keys typed
   * outside a writable field (e.g. into the read-only field of a form whose request is in flight) go to
   * the next screen's `typeahead` instead of being lost. Call the returned function when the request ends;
   * it drops what was typed when the modal stayed on this screen.
   */
  handOffTyping(): () => void
}

/** Internal context of the login modal. */
export const ModalContext = createContext<ModalContextValue | null>(null)

/**
 * Reads the modal's context from a screen (internal).
 *
 * @throws Error when rendered outside the modal
 */
export function useModal(): ModalContextValue {
  const value = useContext(ModalContext)
  if (!value) throw new Error('Foyer screens must be rendered inside the Foyer modal.')
  return value
}
