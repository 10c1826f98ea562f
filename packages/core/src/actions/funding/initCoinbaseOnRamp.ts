import type { CoinbaseOnRampInitRequest, CoinbaseOnRampInitResponse } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'

/** Parameters of {@link initCoinbaseOnRamp}: the wallets to fund with their Coinbase networks, and assets. */
export type InitCoinbaseOnRampParameters = CoinbaseOnRampInitRequest

/** What {@link initCoinbaseOnRamp} throws (an action that calls others includes theirs). */
export type InitCoinbaseOnRampErrorType = RequestErrorType

/**
 * Starts an exchange on-ramp session (docs/api.md, docs/wire.md#funding):
 * `POST /api/v1/funding/coinbase_on_ramp/init` with the addresses (each with the Coinbase networks it may
 * receive on, see `coinbaseNetworkOf`) and optional asset symbols. Answers the app's Coinbase project id, a
 * single-use session token (5 minutes) and the partner user id the pay URL carries and {@link
 * getCoinbaseOnRampStatus} takes. Needs a session.
 *
 * @throws {ApiError} `not_supported` (the app has no Coinbase Onramp), `invalid_data`,
 *   `missing_or_invalid_token`, `terms_not_accepted`, `internal_error` (Coinbase unreachable);
 *   `NetworkError`, `TimeoutError`.
 * @example
 * const session = await initCoinbaseOnRamp(client, {
 *   addresses: [{ address: '0x…', blockchains: ['base'] }], assets: ['ETH'],
 * })
 */
export async function initCoinbaseOnRamp(
  client: FoyerClient,
  parameters: InitCoinbaseOnRampParameters,
): Promise<CoinbaseOnRampInitResponse> {
  return request(client, 'POST /api/v1/funding/coinbase_on_ramp/init', { body: parameters })
}
