import { APP_ID_LENGTH, headers } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import { foyerError } from '../../errors/foyerError'
import { type AppSecretsContext, isAppSecret } from './appSecrets'

/**
 * The app a server API call authenticates as (docs/server-api.md#authentication): `Authorization: Basic
 * base64(<app id>:<app secret>)` (RFC 7617) with the same app id in the `privy-app-id` header. Throws 401
 * `invalid_credentials`: 'Send the app id and app secret by HTTP Basic authentication' without Basic
 * credentials or with a header that names another app; 'Invalid app ID or app secret' when the secret is
 * not a live secret of that app (wrong, another app's, revoked, or past its grace period).
 */
export async function requireAppSecret(context: AppSecretsContext, request: FastifyRequest): Promise<string> {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '')
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : ''
  const colon = decoded.indexOf(':')
  const appId = decoded.slice(0, colon)
  const secret = decoded.slice(colon + 1)
  if (colon < 0 || request.headers[headers.appId] !== appId) throw foyerError('missingAppCredentials')
  if (appId.length !== APP_ID_LENGTH || secret.length === 0 || secret.length > 200)
    throw foyerError('invalidAppSecret')
  if (!(await isAppSecret(context, appId, secret))) throw foyerError('invalidAppSecret')
  return appId
}
