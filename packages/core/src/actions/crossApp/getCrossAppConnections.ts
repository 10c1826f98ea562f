import type { CrossAppConnection } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'

/** What {@link getCrossAppConnections} throws (an action that calls others includes theirs). */
export type GetCrossAppConnectionsErrorType = RequestErrorType

/**
 * The provider apps this app may sign in with and transact through (docs/wire.md#cross-app):
 * `GET /api/v1/apps/{appId}/cross-app/connections` for the client's app.
 *
 * @throws {ApiError} `not_found` (404) for an unknown app; `NetworkError`, `TimeoutError`.
 * @example const connections = await getCrossAppConnections(client)
 */
export async function getCrossAppConnections(client: FoyerClient): Promise<CrossAppConnection[]> {
  const { connections } = await request(client, 'GET /api/v1/apps/:appId/cross-app/connections', {
    params: { appId: client.appId },
    accessToken: null,
  })
  return connections
}
