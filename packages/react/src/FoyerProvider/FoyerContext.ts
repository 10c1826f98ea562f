import type { FoyerClient } from '@foyer/core'
import { createContext, useContext } from 'react'
import type { Formatters } from '../i18n/createFormatters'
import type { Messages } from '../i18n/Messages'
import type { SupportedLocale } from '../i18n/resolveLocale'
import type { PromptSettler } from '../modal/prompts/PromptSettler'
import type { Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'
import type { FoyerConfig } from './FoyerConfig'
import type { FoyerLoginOptions } from './FoyerLoginOptions'

/** What `FoyerProvider` shares with its hooks and modal (internal). */
export type FoyerContextValue = {
  /** The provider's one core client. */
  client: FoyerClient
  /** The host's `config` prop. */
  config: FoyerConfig | undefined
  /**
   * Opens the login modal, remembering the focused element to return focus to on close; `options` hold for
   * this login (`disableSignup`).
   */
  openModal(options?: FoyerLoginOptions): void
  /**
   * Opens a wallet screen flow that answers through a settler (queued behind any open wallet prompt) and
   * resolves with its answer; rejects with a user rejection when the modal is dismissed.
   */
  openFlow<Result>(build: (settle: PromptSettler<Result>) => Route<ScreenParamsMap>): Promise<Result>
  /** The texts in `config.intl.locale` (English until its chunk loads) with the host's `intl.messages`. */
  messages: Messages
  /** The shipped locale `messages` are in (the modal's `lang`). */
  language: SupportedLocale
  /** Numbers, amounts and dates for `config.intl.locale`. */
  format: Formatters
  /** The host's `nonce` prop: the page's Content-Security-Policy nonce for the elements the SDK injects. */
  nonce?: string | undefined
}

/** Internal context of `FoyerProvider`; `null` outside it. */
export const FoyerContext = createContext<FoyerContextValue | null>(null)

/**
 * Reads the nearest `FoyerProvider`'s context (internal).
 *
 * @param caller - the hook or component name, for the error message
 * @throws Error when called outside `<FoyerProvider>`
 */
export function useFoyerContext(caller: string): FoyerContextValue {
  const value = useContext(FoyerContext)
  if (!value) throw new Error(`${caller} must be used within <FoyerProvider>.`)
  return value
}
