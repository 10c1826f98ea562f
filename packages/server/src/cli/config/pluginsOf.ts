import type { Feature, SignInMethod } from '../../FoyerPlugin'
import { analytics } from '../../features/analytics/plugin'
import { operatorConsole } from '../../features/console/plugin'
import { crossApp } from '../../features/crossApp/method'
import { customJwt } from '../../features/customJwt/method'
import { delegatedActions } from '../../features/delegatedActions/plugin'
import { farcaster } from '../../features/farcaster/method'
import { farcasterSigners } from '../../features/farcasterSigner/plugin'
import { funding } from '../../features/funding/plugin'
import { gasSponsorship } from '../../features/gasSponsorship/plugin'
import { guest } from '../../features/guest/method'
import { mfa } from '../../features/mfa/plugin'
import { oauth } from '../../features/oauth/method'
import { passkeys } from '../../features/passkeys/method'
import { email } from '../../features/passwordless/method'
import { serverApi } from '../../features/serverApi/plugin'
import { siwe } from '../../features/siwe/method'
import { sms } from '../../features/sms/method'
import { telegram } from '../../features/telegram/method'
import type { ServerConfig } from './ServerConfig'

/**
 * The plugin lists of the server (see {@link ServerConfig.methods}) from the configuration's settings.
 *
 * @example const { methods, features } = pluginsOf({ twilio: undefined, evmRpcUrls: {}, … })
 */
export function pluginsOf(
  config: Pick<
    ServerConfig,
    | 'twilio'
    | 'evmRpcUrls'
    | 'signer'
    | 'solanaRpcUrls'
    | 'oauthProviders'
    | 'farcaster'
    | 'farcasterSignerApiUrl'
    | 'funding'
    | 'consoleOperators'
  >,
): { methods: SignInMethod[]; features: Feature[] } {
  return {
    methods: [
      email(),
      sms({ twilio: config.twilio }),
      passkeys(),
      siwe({ evmRpcUrls: config.evmRpcUrls }),
      oauth({ providers: config.oauthProviders }),
      guest(),
      customJwt(),
      telegram(),
      farcaster(config.farcaster),
      crossApp(),
    ],
    features: [
      mfa({ twilio: config.twilio }),
      farcasterSigners(config.farcasterSignerApiUrl ? { apiUrl: config.farcasterSignerApiUrl } : {}),
      funding(config.funding),
      // The wallet API of delegated actions sends on the chains of FOYER_EVM_RPC_URLS; its signer is the
      // process at FOYER_SIGNER_URL (docs/operations.md#signer).
      delegatedActions({
        rpcUrls: config.evmRpcUrls,
        solanaRpcUrls: config.solanaRpcUrls,
        ...(config.signer ? { signer: config.signer } : {}),
      }),
      // The app's verifying paymaster reads the chains of FOYER_EVM_RPC_URLS (docs/gas-sponsorship.md).
      gasSponsorship({ rpcUrls: config.evmRpcUrls }),
      analytics(),
      // The server API: apps' back ends with an app secret (docs/server-api.md).
      serverApi(),
      // The operator console, only when operators are listed (FOYER_CONSOLE_OPERATORS; docs/console.md).
      ...(config.consoleOperators.length > 0
        ? [operatorConsole({ operators: config.consoleOperators })]
        : []),
    ],
  }
}
