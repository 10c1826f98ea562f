import type { CrossAppDetailsResponse } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'

const cache = new WeakMap<FoyerClient, Map<string, Promise<CrossAppDetailsResponse | null>>>()

/** Parameters of {@link getCrossAppProviderDetails}. */
export type GetCrossAppProviderDetailsParameters = {
  /** The provider app's id (25 characters). */
  appId: string
}

/** What {@link getCrossAppProviderDetails} throws (an action that calls others includes theirs). */
export type GetCrossAppProviderDetailsErrorType = RequestErrorType

/**
 * The name and icon of another app of the server (docs/api.md, docs/wire.md#cross-app):
 * `GET /api/v1/apps/{appId}/cross-app/details` → `{ name, icon_url }`, cached per client and app id (a
 * failure is not cached). Errors are swallowed: `null` (the landing then names the app by its id).
 *
 * @example const details = await getCrossAppProviderDetails(client, { appId: 'foyerdemoprovider00000000' })
 */
export function getCrossAppProviderDetails(
  client: FoyerClient,
  parameters: GetCrossAppProviderDetailsParameters,
): Promise<CrossAppDetailsResponse | null> {
  let byApp = cache.get(client)
  if (!byApp) {
    byApp = new Map()
    cache.set(client, byApp)
  }
  const hit = byApp.get(parameters.appId)
  if (hit) return hit
  const pending = request(client, 'GET /api/v1/apps/:appId/cross-app/details', {
    params: { appId: parameters.appId },
    accessToken: null,
  }).catch(() => {
    byApp.delete(parameters.appId)
    return null
  })
  byApp.set(parameters.appId, pending)
  return pending
}
