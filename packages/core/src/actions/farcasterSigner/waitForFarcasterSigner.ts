import {
  FARCASTER_SIGNER_POLL_INTERVAL_MS,
  FARCASTER_SIGNER_TIMEOUT_MS,
  type FarcasterSignerStatus,
} from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import { FarcasterSignerError } from '../../wallet/errors/FarcasterSignerError'
import { getFarcasterSignerStatus } from './getFarcasterSignerStatus'

/** Parameters of {@link waitForFarcasterSigner}. */
export type WaitForFarcasterSignerParameters = {
  /** The signer's public key (`0x` + 64 hex digits). */
  publicKey: string
  /** Between two polls, in ms; default `FARCASTER_SIGNER_POLL_INTERVAL_MS` (2 000). */
  intervalMs?: number | undefined
  /** Give up after, in ms; default `FARCASTER_SIGNER_TIMEOUT_MS` (300 000; docs/limits.md). */
  timeoutMs?: number | undefined
  /** Aborting stops the polling and rejects with the signal's reason. */
  signal?: AbortSignal | undefined
}

/** What {@link waitForFarcasterSigner} throws (an action that calls others includes theirs). */
export type WaitForFarcasterSignerErrorType = RequestErrorType | EmbeddedWalletError | FarcasterSignerError

/**
 * Polls the signer's status until the user decides in their Farcaster app (docs/modal.md "Farcaster signer":
 * pending_approval, then approved or revoked), for at most 300 s.
 *
 * @returns the approved status (the user is refreshed: `signer_public_key` is on its Farcaster account)
 * @throws {FarcasterSignerError} `'farcaster_signer_rejected'` ('Request rejected') when revoked,
 *   `'farcaster_signer_timeout'` after `timeoutMs`.
 * @throws {ApiError} a failed status call (after core's retries).
 * @example
 * const signer = await initFarcasterSigner(client)
 * await waitForFarcasterSigner(client, { publicKey: signer.public_key })
 */
export async function waitForFarcasterSigner(
  client: FoyerClient,
  parameters: WaitForFarcasterSignerParameters,
): Promise<Extract<FarcasterSignerStatus, { status: 'approved' }>> {
  const intervalMs = parameters.intervalMs ?? FARCASTER_SIGNER_POLL_INTERVAL_MS
  const deadline = Date.now() + (parameters.timeoutMs ?? FARCASTER_SIGNER_TIMEOUT_MS)
  const { signal } = parameters
  for (;;) {
    signal?.throwIfAborted()
    const status = await getFarcasterSignerStatus(client, { publicKey: parameters.publicKey })
    if (status.status === 'approved') return status
    if (status.status === 'revoked') throw new FarcasterSignerError('farcaster_signer_rejected')
    const left = deadline - Date.now()
    if (left <= 0) throw new FarcasterSignerError('farcaster_signer_timeout')
    signal?.throwIfAborted()
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(done, Math.min(intervalMs, left))
      function done() {
        signal?.removeEventListener('abort', aborted)
        resolve()
      }
      function aborted() {
        clearTimeout(timer)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', aborted, { once: true })
    })
  }
}
