import {
  FARCASTER_CHANNEL_TOKEN_HEADER,
  FARCASTER_POLL_INTERVAL_MS,
  FARCASTER_TIMEOUT_MS,
  type FarcasterStatusResponse,
} from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { TimeoutError } from '../../errors/TimeoutError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'

/** Parameters of {@link waitForFarcasterApproval}. */
export type WaitForFarcasterApprovalParameters = {
  /** The channel of {@link initLoginWithFarcaster}. */
  channelToken: string
  /** Stops the polling; the promise then rejects with the signal's reason. */
  signal?: AbortSignal | undefined
  /** Time between two status calls, in ms; default 2000 (docs/limits.md). */
  intervalMs?: number | undefined
  /** Time to wait for the approval, in ms; default 120 000 (docs/limits.md). */
  timeoutMs?: number | undefined
}

/** Return type of {@link waitForFarcasterApproval}: the signed message of the completed channel. */
export type WaitForFarcasterApprovalReturnType = Extract<FarcasterStatusResponse, { state: 'completed' }>

/** What {@link waitForFarcasterApproval} throws (an action that calls others includes theirs). */
export type WaitForFarcasterApprovalErrorType = RequestErrorType

/**
 * Polls `GET /api/v1/farcaster/status` (header `farcaster-channel-token`) every 2 s until the user approved
 * in the Farcaster app (docs/modal.md "Farcaster", docs/limits.md), and returns the completed status
 * (message, signature, fid, the profile the app reported). Nothing in it is trusted: the server verifies it
 * at sign-in.
 *
 * @throws {TimeoutError} `'request_timeout'` after 120 s without approval ('The request timed out. Try again.').
 * @throws {ApiError} `invalid_credentials` (401, the channel expired or was used), `internal_error` (500).
 * @example
 * const completed = await waitForFarcasterApproval(client, { channelToken })
 * await loginWithFarcaster(client, { channelToken, ...completed })
 */
export async function waitForFarcasterApproval(
  client: FoyerClient,
  parameters: WaitForFarcasterApprovalParameters,
): Promise<WaitForFarcasterApprovalReturnType> {
  const intervalMs = parameters.intervalMs ?? FARCASTER_POLL_INTERVAL_MS
  const timeoutMs = parameters.timeoutMs ?? FARCASTER_TIMEOUT_MS
  const deadline = Date.now() + timeoutMs
  const { signal } = parameters
  for (;;) {
    signal?.throwIfAborted()
    const status = await request(client, 'GET /api/v1/farcaster/status', {
      headers: { [FARCASTER_CHANNEL_TOKEN_HEADER]: parameters.channelToken },
    })
    signal?.throwIfAborted()
    if (status.state === 'completed') return status
    const wait = Math.min(intervalMs, deadline - Date.now())
    if (wait <= 0) throw new TimeoutError({ timeoutMs, details: 'Farcaster approval' })
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, wait)
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          reject(signal.reason)
        },
        { once: true },
      )
    })
    if (Date.now() >= deadline) throw new TimeoutError({ timeoutMs, details: 'Farcaster approval' })
  }
}
