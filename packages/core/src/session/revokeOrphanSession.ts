import type { AuthResponse } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { request } from '../http/request'

/**
 * Best-effort `POST /api/v1/sessions/logout` for a session whose auth response arrived after its flow was
 * cleared: nobody will use it, so it should not live on. Never rejects.
 *
 * @internal
 */
export async function revokeOrphanSession(client: FoyerClient, response: AuthResponse): Promise<void> {
  if (!response.refresh_token && !response.token && !client._internal.route().cookieMode) return
  await request(client, 'POST /api/v1/sessions/logout', {
    body: response.refresh_token ? { refresh_token: response.refresh_token } : {},
    accessToken: response.token,
  }).catch(() => {})
}
