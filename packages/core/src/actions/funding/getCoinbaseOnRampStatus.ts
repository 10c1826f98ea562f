import type { CoinbaseOnRampStatusResponse } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'

/** What {@link getCoinbaseOnRampStatus} throws (an action that calls others includes theirs). */
export type GetCoinbaseOnRampStatusErrorType = RequestErrorType

/**
 * The state of an exchange on-ramp purchase (docs/api.md, docs/wire.md#funding): `GET
 * /api/v1/funding/coinbase_on_ramp/status?partnerUserId=` with the `partner_user_id` of
 * `initCoinbaseOnRamp`: `'pending'` (nothing bought yet, or in progress), `'success'` or `'failure'`. Not
 * retried (it is polled).
 *
 * @throws {ApiError} `not_found` (an id not made for this user), `missing_or_invalid_token`,
 *   `internal_error`; `NetworkError`, `TimeoutError`.
 * @example const { status } = await getCoinbaseOnRampStatus(client, { partnerUserId })
 */
export async function getCoinbaseOnRampStatus(
  client: FoyerClient,
  parameters: { partnerUserId: string },
): Promise<CoinbaseOnRampStatusResponse> {
  return request(client, 'GET /api/v1/funding/coinbase_on_ramp/status', {
    query: { partnerUserId: parameters.partnerUserId },
    // A poll: the next poll is the retry.
    retry: false,
  })
}
