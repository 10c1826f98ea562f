import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link revokeWalletDevice}. */
export type RevokeWalletDeviceParameters = {
  /** The `id` of a device from `listWalletDevices`. */
  deviceId: string
}

/** What {@link revokeWalletDevice} throws (an action that calls others includes theirs). */
export type RevokeWalletDeviceErrorType = RequestErrorType

/**
 * Revokes a device of the user's embedded wallets for good (`docs/security.md#device-keys`):
 * `POST /api/v1/embedded_wallets/devices/revoke`. Its key is refused from now on and that browser's session
 * ends; using the wallet there again needs a new sign-in.
 *
 * @throws {ApiError} 404 `not_found` for a device that is not a live device of the user; 403
 *   `missing_or_invalid_mfa` when the user has a second factor and has not verified it recently; 401
 *   `missing_or_invalid_token`.
 * @example await revokeWalletDevice(client, { deviceId: devices[1].id })
 */
export async function revokeWalletDevice(
  client: FoyerClient,
  parameters: RevokeWalletDeviceParameters,
): Promise<void> {
  const accessToken = await getAccessToken(client)
  await request(client, 'POST /api/v1/embedded_wallets/devices/revoke', {
    body: { device_id: parameters.deviceId },
    accessToken,
  })
}
