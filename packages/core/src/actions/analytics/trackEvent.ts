import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'

/** Parameters of {@link trackEvent}. */
export type TrackEventParameters = {
  /** The event's name, e.g. `'modal_open'` (1–128 characters). */
  eventName: string
  /** Extra fields; `clientTimestamp` (ISO 8601, the client's clock) is added. */
  payload?: Record<string, unknown> | undefined
}

/** What {@link trackEvent} throws (an action that calls others includes theirs). */
export type TrackEventErrorType = RequestErrorType

/**
 * Records an analytics event: `POST /api/v1/analytics_events` `{ event_name, client_id, payload }` with
 * `payload.clientTimestamp` set (docs/api.md). Never retried, and every failure — HTTP error, timeout,
 * offline, storage — is swallowed (docs/errors.md).
 *
 * @returns Once the call settled; never rejects.
 * @example
 * void trackEvent(client, { eventName: 'login_modal_open', payload: { method: 'email' } })
 */
export async function trackEvent(client: FoyerClient, parameters: TrackEventParameters): Promise<void> {
  try {
    const { clientId } = await client._internal.ids()
    await request(client, 'POST /api/v1/analytics_events', {
      body: {
        event_name: parameters.eventName,
        client_id: clientId,
        payload: { ...parameters.payload, clientTimestamp: new Date().toISOString() },
      },
      retry: false,
    })
  } catch {
    // Analytics never disturb the product.
  }
}
