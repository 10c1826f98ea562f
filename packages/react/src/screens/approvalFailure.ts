import type { AccountTransfer } from '@foyer/core/account-transfer'
import type { User } from '@foyer/protocol'
import type { ErrorInfo } from '../errors/ErrorInfo'
import { type ErrorOutcome, errorOutcome } from '../errors/errorOutcome'
import { toErrorInfo } from '../errors/toErrorInfo'
import type { Messages } from '../i18n/Messages'
import type { PromptSettler } from '../modal/prompts/PromptSettler'
import type { Router } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'

/** The error flows of the screens that wait for an approval elsewhere: a popup, a widget, an app, a wallet. */
export type ApprovalFlow = 'oauth' | 'telegram' | 'farcaster' | 'wallet'

/** A screen outcome of an approval flow: the screen the error table names for the failure. */
export type ApprovalScreen = Extract<ErrorOutcome<ApprovalFlow>, { kind: 'screen' }>['screen']

/** What {@link showApprovalFailure} needs of the screen that waited. */
export type ApprovalFailure = {
  /** The flow in the error table (`errors/errorTable.ts`): its line for the code says screen or inline text. */
  flow: ApprovalFlow
  router: Router<ScreenParamsMap>
  messages: Messages
  /**
   * In link mode: the account transfer offer the failure carries (`toAccountTransfer(caught, …)`, `null`
   * when it is none) and the link's answer. A transfer opens the account transfer screen in place.
   */
  link?: { transfer: AccountTransfer | null; settle?: PromptSettler<User> | undefined } | undefined
  /** Fills the inline text's placeholders (`{provider}`, `{scope}`); default the text as is. */
  format?: ((text: string) => string) | undefined
  /**
   * Opens a screen outcome; default: the login error screen on top (its button comes back here), any
   * other screen in place of this one.
   */
  openScreen?: ((screen: ApprovalScreen, info: ErrorInfo) => void) | undefined
  /** Shows an inline outcome on the waiting screen: the text and whether it offers another try. */
  showInline(message: string, retry: boolean): void
}

/**
 * Handles the failure of a screen that waited for an approval (OAuth, cross-app, Telegram, Farcaster, an
 * external wallet), the same way on each: a link that found the account on another user offers the account
 * transfer; otherwise the error table's outcome for the flow (`errorOutcome`) either opens its screen or
 * shows its text in place with or without 'Try again'.
 *
 * @example
 * catch (caught) {
 *   if (!isMounted()) return
 *   showApprovalFailure(caught, { flow: 'telegram', router, messages, showInline: (message, retry) =>
 *     setStatus({ kind: 'error', message, retry }) })
 * }
 */
export function showApprovalFailure(caught: unknown, failure: ApprovalFailure): void {
  const { router, link } = failure
  if (link?.transfer) {
    router.replace('accountTransfer', { transfer: link.transfer, settle: link.settle })
    return
  }
  const info = toErrorInfo(caught)
  const outcome = errorOutcome(failure.flow, info)
  if (outcome.kind === 'inline') {
    const text = outcome.text(failure.messages)
    failure.showInline(failure.format ? failure.format(text) : text, outcome.retry)
  } else if (failure.openScreen) failure.openScreen(outcome.screen, info)
  else if (outcome.screen === 'error') router.push('error', info)
  else router.replace(outcome.screen)
}
