import type { SignInMethod } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { farcasterAccountKind } from './account'
import { farcasterRoutes } from './routes'
import { type FarcasterOptions, resolveFarcasterOptions } from './settings'

/**
 * Sign In With Farcaster through an auth relay (`/api/v1/farcaster/*`; docs/plugins.md). The options name
 * its outside services: `relayUrl`, `rpcUrl` (Optimism), `idRegistryAddress`, `userDataUrl`,
 * `userDataApiKey` and `timeoutMs` (defaults: the real services).
 *
 * @example createApp({ db, masterKey, methods: [farcaster({ rpcUrl: 'https://optimism.example' })] })
 */
export function farcaster(options: FarcasterOptions = {}) {
  return {
    id: 'farcaster',
    options,
    accounts: [farcasterAccountKind],
    routes: async (app, { context }) =>
      farcasterRoutes(app, { context: { ...context, farcaster: resolveFarcasterOptions(options) } }),
    rateLimits: { farcaster: METHOD_RATE_LIMIT },
    errorCodes: [
      'disallowed_login_method',
      'invalid_credentials',
      'invalid_data',
      'invalid_origin',
      'missing_origin',
    ],
    settings: ['farcaster_auth'],
  } as const satisfies SignInMethod<'farcaster', FarcasterOptions>
}
