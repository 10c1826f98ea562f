import type { SignInMethod } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { smartWalletAccountKind } from '../smartWallets/account'
import { siweAccountKind, siwsAccountKind } from './account'
import { siweRoutes } from './routes'
import type { SiweOptions } from './SiweContext'

/**
 * Ethereum (EIP-4361) and Solana wallet signatures (`/api/v1/siwe/*`, `/api/v1/siws/*`; docs/plugins.md),
 * and smart wallets linked by a SIWE message signed through the account (docs/smart-wallets.md).
 *
 * @example createApp({ db, masterKey, methods: [siwe({ evmRpcUrls: { 1: 'https://eth.example' } })] })
 */
export function siwe(options: SiweOptions = {}) {
  const evmRpcUrls = { ...(options.evmRpcUrls ?? {}) }
  return {
    id: 'wallet',
    options,
    accounts: [siweAccountKind, siwsAccountKind, smartWalletAccountKind],
    routes: (app, { context }) => siweRoutes(app, { context: { ...context, evmRpcUrls } }),
    rateLimits: { wallet: METHOD_RATE_LIMIT },
    errorCodes: [
      'disallowed_login_method',
      'invalid_credentials',
      'invalid_data',
      'invalid_origin',
      'missing_origin',
    ],
    settings: ['wallet_auth', 'solana_wallet_auth'],
  } as const satisfies SignInMethod<'wallet', SiweOptions>
}
