import type { Feature } from '../../FoyerPlugin'
import { farcasterSignerRoutes } from './routes'
import { type FarcasterSignerOptions, resolveFarcasterSignerOptions } from './signedKeyRequestApi'

/**
 * Farcaster signers (docs/plugins.md): `apiUrl`, the base URL of the Farcaster client's signed-key-request
 * API (default https://api.warpcast.com), and `timeoutMs` per call (default 10000). The app's Farcaster
 * account is per app, in `settings.farcaster_developer_account`.
 *
 * @example createApp({ db, masterKey, features: [farcasterSigners({ apiUrl })] })
 */
export function farcasterSigners(options: FarcasterSignerOptions = {}) {
  return {
    id: 'farcaster_signers',
    options,
    routes: async (app, { context }) =>
      farcasterSignerRoutes(app, {
        context: { ...context, farcasterSigner: resolveFarcasterSignerOptions(options) },
      }),
    rateLimits: {},
    errorCodes: ['invalid_data', 'invalid_request', 'not_found', 'not_supported'],
    settings: ['farcaster_developer_account'],
  } as const satisfies Feature<'farcaster_signers', FarcasterSignerOptions>
}
