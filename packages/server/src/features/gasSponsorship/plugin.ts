import type { Feature } from '../../FoyerPlugin'
import { gasSponsorshipRoutes } from './routes'

/** Options of {@link gasSponsorship}. */
export type GasSponsorshipOptions = {
  /**
   * The JSON-RPC URL of each EVM chain id the paymaster sponsors on: the server reads the paymaster's
   * `getHash` and the sender's EIP-7702 code there.
   */
  rpcUrls?: Readonly<Record<number, string>>
}

/**
 * Gas sponsorship (docs/gas-sponsorship.md): the app's verifying paymaster as an ERC-7677 endpoint, signing
 * with the app's sealed key within its per-user daily limit and recording every sponsorship. The paymaster,
 * its key, chains and limit are per app, in `settings.gas_sponsorship`; `rpcUrls` names the chains' RPC.
 * Throws `Error` at registration for an `rpcUrls` entry that is not an http(s) URL.
 *
 * @example createApp({ db, masterKey, features: [gasSponsorship({ rpcUrls: { 31337: 'http://127.0.0.1:8545' } })] })
 */
export function gasSponsorship(options: GasSponsorshipOptions = {}) {
  return {
    id: 'gas_sponsorship',
    options,
    routes: async (app, { context }) => {
      const rpcUrls = new Map<number, string>()
      for (const [chainId, url] of Object.entries(options.rpcUrls ?? {})) {
        if (!/^https?:\/\//.test(url))
          throw new Error(`gasSponsorship: rpcUrls[${chainId}] is not an http(s) URL`)
        rpcUrls.set(Number(chainId), url)
      }
      await app.register(gasSponsorshipRoutes, { context: { ...context, gasSponsorship: { rpcUrls } } })
    },
    rateLimits: {},
    errorCodes: ['invalid_data', 'invalid_request', 'not_supported', 'policy_violation', 'internal_error'],
    settings: ['gas_sponsorship'],
  } as const satisfies Feature<'gas_sponsorship', GasSponsorshipOptions>
}
