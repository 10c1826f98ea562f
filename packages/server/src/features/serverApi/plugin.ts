import type { Feature } from '../../FoyerPlugin'
import { serverApiRoutes } from './routes'

/**
 * The server API (docs/server-api.md): calls an app's back end makes with its app id and app secret, on
 * whether or not the operator console is listed. An app has no secret until one is issued (`foyer-server
 * app rotate-secret <id>`, or the console), so until then every call answers 401 `invalid_credentials`.
 * Its rule `serverApi` limits calls per IP and route (600 a minute by default).
 *
 * @example createApp({ db, masterKey, features: [serverApi()] })
 */
export function serverApi() {
  return {
    id: 'server_api',
    options: {},
    routes: serverApiRoutes,
    rateLimits: { serverApi: { max: 600, timeWindowMs: 60_000 } },
    errorCodes: ['invalid_credentials', 'user_does_not_exist'],
    settings: [],
  } as const satisfies Feature<'server_api', Record<string, never>>
}
