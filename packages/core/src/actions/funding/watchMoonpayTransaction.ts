import {
  FUNDING_CARD_MAX_POLL_ERRORS,
  FUNDING_CARD_POLL_MS,
  FUNDING_CARD_START_DELAY_MS,
} from '@foyer/protocol'
import {
  type GetMoonpayTransactionStatusParameters,
  getMoonpayTransaction,
  type MoonpayTransaction,
  type MoonpayTransactionStatus,
} from './getMoonpayTransactionStatus'

/** Callbacks of {@link watchMoonpayTransaction}. */
export type WatchMoonpayTransactionHandlers = {
  /**
   * Each status read (`pending` repeatedly; `completed` or `waitingAuthorization` last), with the purchase
   * as MoonPay reported it (payment method, amounts, fees).
   */
  onStatus(status: MoonpayTransactionStatus, transaction: MoonpayTransaction): void
  /** The purchase failed (`failed`, `serviceFailure`) or its status could not be read 3 times in a row. */
  onFailure(reason: 'failed' | 'serviceFailure' | 'unreachable'): void
}

/** What {@link watchMoonpayTransaction} throws (an action that calls others includes theirs). */
export type WatchMoonpayTransactionErrorType = Error

/**
 * Watches a MoonPay purchase as the 'Fund account' screen does (docs/modal.md "Card on-ramp status",
 * docs/errors.md, docs/limits.md): the first read `FUNDING_CARD_START_DELAY_MS` (8 s) after the widget
 * opened, then every `FUNDING_CARD_POLL_MS` (3 s) until `completed`, `waitingAuthorization` (both reported,
 * polling stops), `failed` or `serviceFailure` (`onFailure`), or `FUNDING_CARD_MAX_POLL_ERRORS` (3) errors in
 * a row — a 404 (not bought yet) is not an error.
 *
 * @returns a function that stops watching
 * @example const stop = watchMoonpayTransaction({ apiUrl, apiKey, externalTransactionId }, { onStatus, onFailure })
 */
export function watchMoonpayTransaction(
  parameters: GetMoonpayTransactionStatusParameters,
  handlers: WatchMoonpayTransactionHandlers,
): () => void {
  let stopped = false
  let errors = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const next = () => {
    if (!stopped) timer = setTimeout(poll, FUNDING_CARD_POLL_MS)
  }
  function poll() {
    getMoonpayTransaction(parameters).then(
      (transaction) => {
        if (stopped) return
        errors = 0
        const { status } = transaction
        if (status === 'failed' || status === 'serviceFailure') return handlers.onFailure(status)
        handlers.onStatus(status, transaction)
        if (status === 'pending') next()
      },
      () => {
        if (stopped) return
        errors += 1
        if (errors >= FUNDING_CARD_MAX_POLL_ERRORS) return handlers.onFailure('unreachable')
        next()
      },
    )
  }
  timer = setTimeout(poll, FUNDING_CARD_START_DELAY_MS)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
