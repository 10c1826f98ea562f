import type { MoonpaySignRequest, MoonpaySignResponse } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { request } from '../http/request'

/**
 * Asks the server to sign a MoonPay buy-widget URL for `address` (docs/api.md `signMoonpayOnRampUrl`,
 * docs/wire.md#funding): `POST /api/v1/plugins/moonpay_on_ramp/sign` with `useSandbox` and the widget
 * `config` (currencyCode, quoteCurrencyAmount, paymentMethod, uiConfig). Needs a session.
 *
 * @returns `{ signedUrl, externalTransactionId }`
 * @throws {ApiError} `not_supported` ('Wallet funding is not enabled'), `invalid_data`, `missing_or_invalid_token`
 * @example const { signedUrl } = await signMoonpayOnRampUrl(client, { address, config: { currencyCode: 'ETH_BASE' } })
 */
export function signMoonpayOnRampUrl(
  client: FoyerClient,
  parameters: MoonpaySignRequest,
): Promise<MoonpaySignResponse> {
  return request(client, 'POST /api/v1/plugins/moonpay_on_ramp/sign', { body: parameters })
}
