import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { getCoinbaseOnRampStatus } from './getCoinbaseOnRampStatus'

/** Wait after the popup opens before the first status poll, in ms (docs/limits.md). */
export const COINBASE_ON_RAMP_STATUS_DELAY_MS = 5000
/** Interval between status polls, in ms (docs/limits.md). */
export const COINBASE_ON_RAMP_POLL_INTERVAL_MS = 1500
/** Polls after the popup closed without success before giving up (docs/limits.md). */
export const COINBASE_ON_RAMP_POST_CLOSE_POLLS = 3
/** How often the popup is checked for being closed while waiting, in ms. */
const POPUP_CHECK_MS = 250

/**
 * The exchange on-ramp status screen's states (docs/modal.md "Exchange on-ramp status"): the popup is open
 * (`'pending-in-flow'`), it closed and the purchase is being looked up (`'pending-after-flow'`), or the
 * purchase ended (`'success'`, `'error'`).
 */
export type CoinbaseOnRampFlowStatus = 'pending-in-flow' | 'pending-after-flow' | 'success' | 'error'

/** Parameters of {@link trackCoinbaseOnRamp}. */
export type TrackCoinbaseOnRampParameters = {
  /** The `partner_user_id` of `initCoinbaseOnRamp`. */
  partnerUserId: string
  /** The pay-page popup (only `closed` is read); null when there is none to watch (treated as closed). */
  popup: { readonly closed: boolean } | null
  /** Called with each new state, starting with `'pending-in-flow'`. */
  onStatus?: ((status: CoinbaseOnRampFlowStatus) => void) | undefined
  /** Stops the tracking (rejects with the signal's reason). */
  signal?: AbortSignal | undefined
}

/** How the tracking ended: bought, failed at Coinbase, or no success within 3 polls after the popup closed. */
export type TrackCoinbaseOnRampReturnType = 'success' | 'failure' | 'timed-out'

function sleep(ms: number, signal: AbortSignal | undefined, tick: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    let left = ms
    const step = () => {
      tick()
      if (left <= 0) {
        signal?.removeEventListener('abort', onAbort)
        return resolve()
      }
      const slice = Math.min(POPUP_CHECK_MS, left)
      left -= slice
      timer = setTimeout(step, slice)
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    let timer: ReturnType<typeof setTimeout> = setTimeout(step, 0)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** What {@link trackCoinbaseOnRamp} throws (an action that calls others includes theirs). */
export type TrackCoinbaseOnRampErrorType = RequestErrorType

/**
 * Follows an exchange on-ramp purchase after its popup opened (docs/modal.md, docs/limits.md):
 * `'pending-in-flow'` while the popup is open, `'pending-after-flow'` as soon as it closes; the status is
 * polled ({@link getCoinbaseOnRampStatus}) first 5 s after the start, then every 1.5 s. Ends with `'success'`
 * (status `success`), `'failure'` (status `failure`; state `'error'`) or `'timed-out'` after 3 polls
 * without success once the popup is closed (the modal then goes back to method selection with the other
 * provider shown). A poll that fails (network, server) counts as one without success.
 *
 * @throws the signal's reason when aborted.
 * @example
 * const outcome = await trackCoinbaseOnRamp(client, { partnerUserId, popup, onStatus: setStatus, signal })
 */
export async function trackCoinbaseOnRamp(
  client: FoyerClient,
  parameters: TrackCoinbaseOnRampParameters,
): Promise<TrackCoinbaseOnRampReturnType> {
  const { partnerUserId, popup, signal } = parameters
  let status: CoinbaseOnRampFlowStatus | null = null
  const report = (next: CoinbaseOnRampFlowStatus) => {
    if (next === status) return
    status = next
    parameters.onStatus?.(next)
  }
  const popupClosed = () => popup === null || popup.closed
  const watchPopup = () => report(popupClosed() ? 'pending-after-flow' : 'pending-in-flow')
  let postClosePolls = 0
  await sleep(COINBASE_ON_RAMP_STATUS_DELAY_MS, signal, watchPopup)
  for (;;) {
    const closedBeforePoll = popupClosed()
    const answer = await getCoinbaseOnRampStatus(client, { partnerUserId }).catch(() => null)
    signal?.throwIfAborted()
    if (answer?.status === 'success') {
      report('success')
      return 'success'
    }
    if (answer?.status === 'failure') {
      report('error')
      return 'failure'
    }
    if (closedBeforePoll && ++postClosePolls >= COINBASE_ON_RAMP_POST_CLOSE_POLLS) return 'timed-out'
    await sleep(COINBASE_ON_RAMP_POLL_INTERVAL_MS, signal, watchPopup)
  }
}
