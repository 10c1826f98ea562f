import type { WalletDevice } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { getAccessToken } from '../session/getAccessToken'

/** What {@link listWalletDevices} throws (an action that calls others includes theirs). */
export type ListWalletDevicesErrorType = RequestErrorType

/**
 * The browsers that can use the signed-in user's embedded wallets (`docs/security.md#device-keys`), newest
 * first: `GET /api/v1/embedded_wallets/devices`. `current` marks this browser's device; times are Unix
 * seconds.
 *
 * @throws {ApiError} 401 `missing_or_invalid_token` when nobody is signed in; `NetworkError`, `TimeoutError`.
 * @example const devices = await listWalletDevices(client)
 */
export async function listWalletDevices(client: FoyerClient): Promise<WalletDevice[]> {
  const accessToken = await getAccessToken(client)
  const { devices } = await request(client, 'GET /api/v1/embedded_wallets/devices', { accessToken })
  return devices
}
