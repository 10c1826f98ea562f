import type { Messages } from '../i18n/Messages'
import { copyText } from './copyText'
import type { ErrorInfo } from './ErrorInfo'
import { type ErrorFlow, type ErrorFlowEntries, errorRow, flowDefaults, type Inline } from './errorTable'

/** A text to show in place, in the caller's locale, and whether the screen offers another try. */
export type InlineOutcome = { kind: 'inline'; text: (messages: Messages) => string; retry: boolean }

/** What a flow does with a failure: go to a screen, or show a text in place ({@link errorOutcome}). */
export type ErrorOutcome<Flow extends ErrorFlow> = ErrorFlowEntries[Flow] extends infer Entry
  ? Entry extends Inline
    ? InlineOutcome
    : Entry extends { screen: infer Route }
      ? { kind: 'screen'; screen: Route; resetsCaptcha: boolean }
      : never
  : never

/**
 * What `flow` shows for a failure, from the one error table (`errorTable`; docs/errors.md): the code's line
 * for the flow, else the flow's default. A screen outcome names the screen (`'error'` shows the login error
 * screen's copy for the code, see `errorScreenCopy`); an inline outcome carries its text and `retry`.
 *
 * @param flow - the flow that failed: `'verifyCode'`, `'passkey'`, `'wallet'`, `'link'`, …
 * @param error - `{ code, status?, message?, details? }` from `toErrorInfo`
 *
 * @example
 * const outcome = errorOutcome('verifyCode', toErrorInfo(caught))
 * if (outcome.kind === 'inline') setError(outcome.text(messages)) // 'Invalid or expired verification code'
 * else router.push(outcome.screen, …)
 */
export function errorOutcome<Flow extends ErrorFlow>(flow: Flow, error: ErrorInfo): ErrorOutcome<Flow> {
  const entry: ErrorFlowEntries[ErrorFlow] = errorRow(error.code)?.[flow] ?? flowDefaults[flow]
  const outcome =
    'screen' in entry
      ? { kind: 'screen' as const, screen: entry.screen, resetsCaptcha: entry.resetsCaptcha === true }
      : {
          kind: 'inline' as const,
          text: (messages: Messages) => copyText(entry.text, error, messages),
          retry: entry.retry,
        }
  return outcome as ErrorOutcome<Flow>
}
