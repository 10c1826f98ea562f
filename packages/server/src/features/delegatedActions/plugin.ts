import type { Feature } from '../../FoyerPlugin'
import { delegatedActionsRoutes } from './routes'
import { createSigner } from './signer/createSigner'
import { generateSignerKeyPair } from './signer/hpke'
import { httpSignerClient } from './signer/httpSignerClient'
import { localSignerClient, parseSignerSecret, type SignerClient } from './signer/signerProtocol'
import { DEFAULT_WALLET_LOCK_TIMEOUT_MS } from './walletLock'
import { startWebhookDelivery } from './webhooks'

/** Options of {@link delegatedActions}. */
export type DelegatedActionsOptions = {
  /** The JSON-RPC URL of each EVM chain id the wallet API may send transactions on. */
  rpcUrls?: Readonly<Record<number, string>>
  /**
   * The JSON-RPC URL of each Solana cluster `signAndSendTransaction` may send on, by CAIP-2 id
   * (`solana:` and the first 32 characters of its genesis hash, e.g. mainnet's
   * `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`).
   */
  solanaRpcUrls?: Readonly<Record<string, string>>
  /**
   * How often the server looks for webhook deliveries that are due (ms, default 5000): retries, and events
   * whose first attempt did not run (docs/delegated-actions.md#webhooks).
   */
  webhookIntervalMs?: number
  /**
   * The signer (docs/delegated-actions.md#signer): the signer process's `url` and the shared `secret` (32
   * bytes or more, or their base64), or a `SignerClient` (a signer in this process, for tests). Default:
   * outside production a signer in this process with a key made at start (delegations end with the
   * process); in production none, and consent is refused with 400 `not_supported`.
   */
  signer?: SignerClient | { url: string; secret: Uint8Array | string }
  /**
   * On PostgreSQL, how long an `eth_sendTransaction` waits for the wallet's lock while another server process
   * sends from the same wallet, before it answers 503 `wallet_busy` (ms, default 5000;
   * docs/delegated-actions.md#several-server-processes).
   */
  walletLockTimeoutMs?: number
}

/** The signer the plugin's options name, or the default. */
async function resolveSigner(
  signer: DelegatedActionsOptions['signer'],
  env: 'development' | 'production' | 'test',
): Promise<SignerClient | null> {
  if (signer && 'sign' in signer) return signer
  if (signer) {
    if (!/^https?:\/\//.test(signer.url))
      throw new Error('delegatedActions: signer.url is not an http(s) URL')
    const secret =
      typeof signer.secret === 'string' ? parseSignerSecret(signer.secret, 'signer.secret') : signer.secret
    return httpSignerClient({ url: signer.url, secret })
  }
  if (env === 'production') return null
  const { privateKey } = await generateSignerKeyPair()
  const local = createSigner({ privateKey })
  privateKey.fill(0)
  return localSignerClient(local)
}

/**
 * Delegated actions (docs/delegated-actions.md, docs/plugins.md): the user's consent to let the app's back
 * end act with embedded wallets, its revocation, and the wallet API the back end calls with authorization
 * signatures, and the webhooks of its events. `rpcUrls` names the chains it sends on, `signer` the signer that alone can rebuild a delegated key; the authorization keys, policy and daily limit are per
 * app, in `settings.delegated_actions`. Throws `Error` at registration for an `rpcUrls` entry that is not an
 * http(s) URL.
 *
 * @example createApp({ db, masterKey, features: [delegatedActions({ rpcUrls: { 31337: 'http://127.0.0.1:8545' } })] })
 */
export function delegatedActions(options: DelegatedActionsOptions = {}) {
  return {
    id: 'delegated_actions',
    options,
    routes: async (app, { context }) => {
      const rpcUrls = new Map<number, string>()
      for (const [chainId, url] of Object.entries(options.rpcUrls ?? {})) {
        if (!/^https?:\/\//.test(url))
          throw new Error(`delegatedActions: rpcUrls[${chainId}] is not an http(s) URL`)
        rpcUrls.set(Number(chainId), url)
      }
      const solanaRpcUrls = new Map<string, string>()
      for (const [caip2, url] of Object.entries(options.solanaRpcUrls ?? {})) {
        if (!/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(caip2))
          throw new Error(`delegatedActions: solanaRpcUrls key ${caip2} is not solana:<genesis hash prefix>`)
        if (!/^https?:\/\//.test(url))
          throw new Error(`delegatedActions: solanaRpcUrls[${caip2}] is not an http(s) URL`)
        solanaRpcUrls.set(caip2, url)
      }
      const signer = await resolveSigner(options.signer, context.env)
      await app.register(delegatedActionsRoutes, {
        context: {
          ...context,
          delegatedActions: {
            rpcUrls,
            solanaRpcUrls,
            signer,
            walletLockTimeoutMs: options.walletLockTimeoutMs ?? DEFAULT_WALLET_LOCK_TIMEOUT_MS,
          },
        },
      })
      const stop = startWebhookDelivery(context, options.webhookIntervalMs ?? 5_000)
      app.addHook('onClose', async () => stop())
    },
    rateLimits: {},
    errorCodes: [
      'invalid_data',
      'invalid_request',
      'not_found',
      'not_supported',
      'user_has_not_delegated_wallet',
      'invalid_authorization_signature',
      'policy_violation',
      'resource_conflict',
      'internal_error',
      'wallet_busy',
    ],
    settings: ['delegated_actions'],
  } as const satisfies Feature<'delegated_actions', DelegatedActionsOptions>
}
