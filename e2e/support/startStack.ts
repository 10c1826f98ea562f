import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import {
  analytics,
  createApp,
  createSigner,
  createSignerServer,
  crossApp,
  customJwt,
  DEMO_APP_ID,
  delegatedActions,
  email,
  type FarcasterSignerOptions,
  type FoyerDatabase,
  farcaster as farcasterMethod,
  farcasterSigners,
  findAppRecord,
  funding as fundingFeature,
  gasSponsorship,
  generateSignerKeyPair,
  guest,
  mfa,
  migrate,
  oauth,
  openDatabase,
  operatorConsole,
  passkeys,
  seedDemoApp,
  serverApi,
  siwe,
  sms,
  type TwilioOptions,
  telegram as telegramMethod,
  updateAppSettings,
} from '@foyer/server'
import {
  type BridgeStandIn,
  type CloudKitStandIn,
  type CoinbaseOnrampStandIn,
  DEMO_USDC,
  type FarcasterStandIns,
  type GoogleDriveStandIn,
  type LocalIdentityProvider,
  type LocalIdentityProviderUser,
  type MoonpayStandIn,
  type PriceSourceStandIn,
  startCloudKitStandIn,
  startCoinbaseOnrampStandIn,
  startFarcasterStandIns,
  startGoogleDriveStandIn,
  startLocalIdentityProvider,
  startMoonpayStandIn,
  startPriceSourceStandIn,
  startTelegramWidgetStandIn,
  startTurnstileStandIn,
  startWalletConnectRelayStandIn,
  type TelegramWidgetStandIn,
  type TurnstileStandIn,
  type WalletConnectRelayStandIn,
} from '@foyer/server/testing'
import { createServer, type Plugin } from 'vite'
import { type Anvil, startAnvil } from '../../scripts/devchain/startAnvil'
import { type DevChains, startDevChains } from '../../scripts/devchain/startDevChains'
import { startLocalBridge } from '../../scripts/devchain/startLocalBridge'
import { E2E_CONSOLE_OPERATORS } from './consoleOperators'

/** The demo app's iCloud container with `icloud: true` (the CloudKit stand-in serves it). */
export const E2E_ICLOUD_CONTAINER = {
  containerIdentifier: 'iCloud.dev.foyer.e2e',
  environment: 'development',
} as const

/** The WalletConnect project id the local relay of `walletConnect: true` accepts. */
export const WALLET_CONNECT_E2E_PROJECT_ID = 'foyer-e2e'

const demoRoot = fileURLToPath(new URL('../../apps/demo', import.meta.url))

/** Options of {@link startStack}. */
export type StartStackOptions = {
  /**
   * The host the demo is served on. Default `127.0.0.1`; `localhost` makes the page same-site with
   * `http://localhost:<serverPort>`, for server-cookie mode.
   */
  demoHost?: '127.0.0.1' | 'localhost'
  /**
   * Put something in front of the server (a test's loopback proxy): called with the server's URL, it
   * returns the URL the demo page calls instead. The stack's `apiUrl` stays the server's own.
   */
  apiFront?: (apiUrl: string) => Promise<string>
  /** Also start anvil (chain 31337) and the litesvm Solana JSON-RPC, and point the demo app at them. */
  chains?: boolean
  /**
   * Bridging (implies `chains`): also start the second anvil (chain 31338) and the bridge API stand-in between
   * the two anvils; the demo gets the second chain and the stand-in's URL.
   */
  bridge?: boolean
  /** Send SMS through Twilio's REST API at `baseUrl` (a local stand-in); codes still reach the dev mailbox. */
  twilio?: TwilioOptions
  /**
   * Start a local Turnstile stand-in: the server verifies captcha tokens against it and the demo loads its
   * widget script. Apps turn captcha on in their settings (`captcha_enabled`, `captcha_site_key`,
   * `captcha_secret_key`); the seeded captcha demo app already does.
   */
  captcha?: boolean
  /**
   * Start a local identity provider for the nine OAuth providers, with these users: the server takes its
   * endpoints, and the demo app is registered at each provider with them turned on.
   */
  oauth?: { users: readonly LocalIdentityProviderUser[]; returnTokens?: boolean }
  /**
   * Start Telegram's login widget stand-in with one bot, turn Telegram on for the demo app with that bot
   * (`link_enabled` and `seamless_auth_enabled` on) and point the demo at the stand-in's widget script.
   */
  telegram?: boolean
  /**
   * Start the Farcaster stand-ins (relay, user-data API, the Id Registry stand-in on anvil — the chains' anvil
   * with `chains: true`, else one of its own): the server points at them and the demo app has Farcaster on.
   */
  farcaster?: boolean
  /**
   * Start the local WalletConnect relay (docs/walletconnect.md): the demo dials it
   * (`VITE_WALLETCONNECT_RELAY_URL`); an app offers WalletConnect once its settings have
   * `wallet_connect_cloud_project_id: WALLET_CONNECT_E2E_PROJECT_ID`.
   */
  walletConnect?: boolean
  /**
   * iCloud recovery (docs/recovery-icloud.md): start the CloudKit stand-in (Apple ID sign-in and CloudKit
   * Web Services) for {@link E2E_ICLOUD_CONTAINER} with a fresh API token; the server calls it
   * (`cloudKitApiUrl`), the demo app offers `icloud` with that container and token, and the demo takes the
   * sign-in's token from the stand-in's origin (`VITE_CLOUDKIT_SIGN_IN_ORIGIN`).
   */
  icloud?: boolean
  /** Farcaster signers: the server's signed-key-request API (e.g. `startSignedKeyRequestStandIn().apiUrl`). */
  farcasterSigner?: FarcasterSignerOptions
  /**
   * Funding: start the MoonPay and price-source stand-ins; the server signs widget URLs for them
   * and the demo polls the MoonPay stand-in. With `chains: true` a completed purchase credits the wallet on
   * anvil (`anvil_setBalance`, plus the amount in ETH). The seeded demo app has card funding on.
   */
  funding?: boolean
  /**
   * Exchange funding: start the Coinbase Onramp stand-in and a local chain with Base's id
   * (8453, an anvil) it delivers purchases on. The server asks the stand-in for session tokens (its CDP key
   * in the demo app's `funding_providers.coinbase`, 'Transfer from an exchange' on); the demo opens its pay
   * page and has the chain ('Fund on Base').
   */
  coinbase?: boolean
  /**
   * Serve the demo with a nonce-based `Content-Security-Policy`: each response gets a fresh nonce, this
   * function's policy for it, and the nonce on every script and style tag of the HTML and in its
   * `<meta property="csp-nonce">` (Vite's `html.cspNonce`), which the demo passes to the provider.
   */
  demoContentSecurityPolicy?: (nonce: string) => string
}

/** The Coinbase Onramp stand-in of a stack, and the local Base chain (8453) it delivers on. */
export type StackCoinbase = { onramp: CoinbaseOnrampStandIn; base: Anvil }

/** The funding stand-ins of a stack. */
export type StackFunding = { moonpay: MoonpayStandIn; prices: PriceSourceStandIn }

/** The Telegram stand-in of a stack, with the bot it serves for the demo app. */
export type StackTelegram = TelegramWidgetStandIn & { botName: string; botToken: string }

/** A running server + demo app for one test file. */
export type Stack = {
  /** The server's base URL, e.g. `http://127.0.0.1:41234`. */
  apiUrl: string
  /** The server's port (reachable as `http://localhost:<port>` too). */
  serverPort: number
  /** The server's database, to create more apps (`createAppRecord` from `@foyer/server`). */
  db: FoyerDatabase
  /** The server's master key (for `createAppRecord`). */
  masterKey: Uint8Array
  /** The demo app's URL. */
  demoUrl: string
  /** The Turnstile stand-in, when started (`captcha: true`). */
  turnstile: TurnstileStandIn | undefined
  /** The local identity provider, when started (`oauth`). */
  identityProvider: LocalIdentityProvider | undefined
  /** The Telegram widget stand-in and the demo app's bot, when started (`telegram: true`). */
  telegram: StackTelegram | undefined
  /** anvil (chain 31337) and the litesvm Solana JSON-RPC, when started (`chains: true`). */
  chains: DevChains | undefined
  /** The Farcaster stand-ins and test phone, when started (`farcaster: true`). */
  farcaster: FarcasterStandIns | undefined
  /** The bridge API stand-in between anvil and the second anvil, when started (`bridge: true`). */
  bridge: BridgeStandIn | undefined
  /** The local WalletConnect relay, when started (`walletConnect: true`). */
  walletConnectRelay: WalletConnectRelayStandIn | undefined
  /** The Google Drive API stand-in (Google Drive recovery), started with the identity provider (`oauth`). */
  googleDrive: GoogleDriveStandIn | undefined
  /** The CloudKit stand-in, when started (`icloud: true`). */
  cloudKit: CloudKitStandIn | undefined
  /** The MoonPay and price-source stand-ins, when started (`funding: true`). */
  funding: StackFunding | undefined
  /** The Coinbase Onramp stand-in and local Base chain, when started (`coinbase: true`). */
  coinbase: StackCoinbase | undefined
  /**
   * The delegated actions' signer's private key (base64, 32 bytes): a test that plays the signer's operator
   * opens a captured consent ciphertext with it.
   */
  signerPrivateKey: string
  /** Moves the server's clock forward by `ms` (code expiry, token lifetimes). */
  advanceClock(ms: number): void
  /** Puts the server's clock back to the real time. */
  resetClock(): void
  /** Stops the demo app, the server and the chains. */
  close(): Promise<void>
}

/**
 * Starts the Foyer server on an in-memory PGlite with the demo app seeded, and the demo app on Vite's dev
 * server pointed at it, both on loopback with OS-chosen ports. With `chains: true`, also anvil and the Solana
 * JSON-RPC (per test file), and the demo app is pointed at them.
 */
export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  let clockOffsetMs = 0
  const chains =
    options.chains || options.bridge
      ? await startDevChains({ secondChain: options.bridge ?? false })
      : undefined
  const bridge = chains?.secondAnvil
    ? await startLocalBridge({ ...chains, secondAnvil: chains.secondAnvil })
    : undefined
  const turnstile = options.captcha ? await startTurnstileStandIn() : undefined
  const walletConnectRelay = options.walletConnect
    ? await startWalletConnectRelayStandIn({ projectId: WALLET_CONNECT_E2E_PROJECT_ID })
    : undefined
  const identityProvider = options.oauth
    ? await startLocalIdentityProvider({ users: options.oauth.users })
    : undefined
  const googleDrive = identityProvider ? await startGoogleDriveStandIn({ identityProvider }) : undefined
  const icloudApiToken = randomBytes(32).toString('hex')
  const cloudKit = options.icloud
    ? await startCloudKitStandIn({ containers: [{ ...E2E_ICLOUD_CONTAINER, apiToken: icloudApiToken }] })
    : undefined
  const telegram = options.telegram ? await startStackTelegram() : undefined
  const farcasterAnvil: Anvil | undefined = options.farcaster && !chains ? await startAnvil() : undefined
  const farcaster = options.farcaster
    ? await startFarcasterStandIns({ rpcUrl: (chains?.anvil ?? (farcasterAnvil as Anvil)).rpcUrl })
    : undefined
  const funding = options.funding ? await startStackFunding(chains) : undefined
  const coinbase = options.coinbase ? await startStackCoinbase() : undefined
  // The signer of delegated actions behind its HTTP interface on loopback, as `foyer-server signer` runs.
  const signerSecret = new Uint8Array(randomBytes(32))
  const signerKey = (await generateSignerKeyPair()).privateKey
  const signer = createSignerServer({ signer: createSigner({ privateKey: signerKey }), secret: signerSecret })
  const signerUrl = await signer.listen({ host: '127.0.0.1', port: 0 })
  const db = await openDatabase({})
  await migrate(db)
  const masterKey = new Uint8Array(randomBytes(32))
  await seedDemoApp(db, { masterKey })
  const app = await createApp({
    db,
    masterKey,
    env: 'test',
    now: () => Date.now() + clockOffsetMs,
    logger: false,
    ...(googleDrive ? { googleDriveApiUrl: googleDrive.url } : {}),
    ...(cloudKit ? { cloudKitApiUrl: cloudKit.url } : {}),
    // The tests read one-time codes from the dev mailbox.
    devMailbox: true,
    ...(turnstile ? { captcha: { verifyUrl: `${turnstile.url}/turnstile/v0/siteverify` } } : {}),
    methods: [
      email(),
      sms({ twilio: options.twilio }),
      passkeys(),
      // SIWE contract wallets (ERC-1271) are checked on the local chain.
      siwe({
        evmRpcUrls: chains
          ? {
              [chains.anvil.chainId]: chains.anvil.rpcUrl,
              ...(chains.secondAnvil ? { [chains.secondAnvil.chainId]: chains.secondAnvil.rpcUrl } : {}),
            }
          : {},
      }),
      // The providers redirect to the server's callback on the origin the browser called `oauth/init` on.
      oauth(identityProvider ? { providers: identityProvider.providers } : {}),
      guest(),
      customJwt(),
      // `GET /js/telegram-login.js` loads the stand-in's widget script.
      telegramMethod(telegram ? { widgetScriptUrl: telegram.scriptUrl } : {}),
      farcasterMethod(farcaster ? farcaster.options : {}),
      crossApp(),
    ],
    features: [
      mfa({ twilio: options.twilio }),
      farcasterSigners(options.farcasterSigner ?? {}),
      fundingFeature({
        ...(funding
          ? {
              moonpayWidgetUrl: funding.moonpay.widgetUrl,
              moonpaySandboxWidgetUrl: funding.moonpay.sandboxWidgetUrl,
              priceSourceUrl: funding.prices.url,
            }
          : {}),
        ...(coinbase ? { coinbaseApiUrl: coinbase.onramp.apiUrl } : {}),
      }),
      // Delegated actions: the wallet API sends on the chains' anvil; the signer is the server above.
      delegatedActions({
        ...(chains ? { rpcUrls: { [chains.anvil.chainId]: chains.anvil.rpcUrl } } : {}),
        signer: { url: signerUrl, secret: signerSecret },
      }),
      // The app's verifying paymaster reads the chains' anvil (docs/gas-sponsorship.md).
      gasSponsorship(chains ? { rpcUrls: { [chains.anvil.chainId]: chains.anvil.rpcUrl } } : {}),
      analytics(),
      serverApi(),
      // The operator console at /console, with the operators of the console e2e files (docs/console.md).
      operatorConsole({ operators: E2E_CONSOLE_OPERATORS }),
    ],
  })
  const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 })
  if (identityProvider) {
    const settings = await identityProvider.registerApp({
      redirectUri: `${apiUrl}/api/v1/oauth/callback`,
      returnTokens: options.oauth?.returnTokens ?? false,
    })
    await updateAppSettings(db, DEMO_APP_ID, settings, masterKey)
  }
  if (farcaster) await updateAppSettings(db, DEMO_APP_ID, { farcaster_auth: true }, masterKey)
  if (cloudKit) {
    const walletConfig = (await findAppRecord(db, DEMO_APP_ID, masterKey))?.settings.embedded_wallet_config
    if (!walletConfig) throw new Error('the demo app is not seeded')
    await updateAppSettings(
      db,
      DEMO_APP_ID,
      {
        icloud_recovery: {
          container_identifier: E2E_ICLOUD_CONTAINER.containerIdentifier,
          environment: E2E_ICLOUD_CONTAINER.environment,
          api_token: icloudApiToken,
        },
        embedded_wallet_config: {
          ...walletConfig,
          user_owned_recovery_options: [...walletConfig.user_owned_recovery_options, 'icloud'],
        },
      },
      masterKey,
    )
  }
  if (coinbase) {
    const demo = await findAppRecord(db, DEMO_APP_ID, masterKey)
    const { funding_config: fundingConfig } = demo?.settings ?? {}
    await updateAppSettings(
      db,
      DEMO_APP_ID,
      {
        funding_config: {
          options: [...(fundingConfig?.options ?? []), { method: 'exchange', provider: 'coinbase' }],
        },
        funding_providers: {
          coinbase: {
            project_id: coinbase.onramp.projectId,
            api_key_id: coinbase.onramp.apiKey.id,
            api_key_secret: coinbase.onramp.apiKey.secret,
          },
        },
      },
      masterKey,
    )
  }

  if (telegram)
    await updateAppSettings(
      db,
      DEMO_APP_ID,
      {
        telegram_auth: true,
        telegram_bot_token: telegram.botToken,
        telegram_auth_config: {
          bot_id: telegram.botToken.split(':')[0],
          bot_name: telegram.botName,
          link_enabled: true,
          seamless_auth_enabled: true,
        },
      },
      masterKey,
    )

  process.env.VITE_FOYER_API_URL = options.apiFront ? await options.apiFront(apiUrl) : apiUrl
  // Every variable is set or deleted: a stack started before in this process leaves none behind.
  const bridged =
    chains?.secondAnvil && bridge ? { rpcUrl: chains.secondAnvil.rpcUrl, url: bridge.url } : undefined
  setDemoEnvironment({
    VITE_TELEGRAM_WIDGET_SCRIPT_URL: telegram?.scriptUrl,
    VITE_TELEGRAM_STAND_IN_URL: telegram?.url,
    VITE_ANVIL_RPC_URL: chains?.anvil.rpcUrl,
    VITE_SOLANA_RPC_URL: chains?.solana.rpcUrl,
    VITE_SECOND_ANVIL_RPC_URL: bridged?.rpcUrl,
    VITE_BRIDGE_API_URL: bridged?.url,
    VITE_DEMO_USDC_ADDRESS: bridged ? DEMO_USDC.address : undefined,
    VITE_MOONPAY_API_URL: funding?.moonpay.url,
    VITE_COINBASE_PAY_URL: coinbase?.onramp.payUrl,
    VITE_BASE_RPC_URL: coinbase?.base.rpcUrl,
    VITE_WALLETCONNECT_RELAY_URL: walletConnectRelay?.url,
    VITE_CLOUDKIT_SIGN_IN_ORIGIN: cloudKit ? new URL(cloudKit.url).origin : undefined,
    VITE_TURNSTILE_SCRIPT_URL: turnstile ? `${turnstile.url}/turnstile/v0/api.js?render=explicit` : undefined,
  })
  const vite = await createServer({
    root: demoRoot,
    configFile: `${demoRoot}/vite.config.ts`,
    server: { host: options.demoHost ?? '127.0.0.1', port: 0, strictPort: false },
    logLevel: 'warn',
    clearScreen: false,
    ...(options.demoContentSecurityPolicy
      ? {
          html: { cspNonce: CSP_NONCE_PLACEHOLDER },
          plugins: [contentSecurityPolicyPlugin(options.demoContentSecurityPolicy)],
        }
      : {}),
  })
  await vite.listen()
  const demoUrl = vite.resolvedUrls?.local[0]
  if (!demoUrl) throw new Error('the demo app did not report its URL')

  return {
    apiUrl,
    serverPort: Number(new URL(apiUrl).port),
    db,
    masterKey,
    signerPrivateKey: Buffer.from(signerKey).toString('base64'),
    demoUrl,
    chains,
    turnstile,
    identityProvider,
    telegram,
    farcaster,
    bridge,
    walletConnectRelay,
    googleDrive,
    cloudKit,
    funding,
    coinbase,
    advanceClock(ms) {
      clockOffsetMs += ms
    },
    resetClock() {
      clockOffsetMs = 0
    },
    async close() {
      await vite.close()
      await app.close()
      await signer.close()
      await bridge?.close()
      await chains?.stop()
      await turnstile?.close()
      await googleDrive?.close()
      await cloudKit?.close()
      await identityProvider?.close()
      await telegram?.close()
      await farcaster?.close()
      await farcasterAnvil?.stop()
      await funding?.moonpay.close()
      await funding?.prices.close()
      await coinbase?.onramp.close()
      await coinbase?.base.stop()
      await walletConnectRelay?.close()
    },
  }
}

/** What Vite writes as the demo's nonce (`html.cspNonce`); each response has a fresh nonce in its place. */
const CSP_NONCE_PLACEHOLDER = 'foyerE2eCspNoncePlaceholder'

/**
 * Sends `policy(nonce)` as the `Content-Security-Policy` of every demo response, with a fresh nonce each
 * time, and puts that nonce in place of {@link CSP_NONCE_PLACEHOLDER} in the HTML. Conditional requests are
 * answered in full, so a page never keeps a body whose nonce an earlier response chose.
 */
function contentSecurityPolicyPlugin(policy: (nonce: string) => string): Plugin {
  return {
    name: 'foyer-e2e-content-security-policy',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const nonce = randomBytes(18).toString('base64')
        delete request.headers['if-none-match']
        response.setHeader('content-security-policy', policy(nonce))
        const end = response.end.bind(response) as (...args: unknown[]) => typeof response
        response.end = ((chunk?: unknown, ...rest: unknown[]) => {
          const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString() : null
          if (text?.includes(CSP_NONCE_PLACEHOLDER)) {
            const body = text.replaceAll(CSP_NONCE_PLACEHOLDER, nonce)
            if (!response.headersSent) response.setHeader('content-length', Buffer.byteLength(body))
            return end(body, ...rest)
          }
          return end(chunk, ...rest)
        }) as typeof response.end
        next()
      })
    },
  }
}

/** The Telegram widget stand-in with one bot (a fresh token), for the demo app. */
async function startStackTelegram(): Promise<StackTelegram> {
  const botName = 'foyer_e2e_bot'
  const botToken = `7${randomBytes(4).readUInt32BE(0) % 1_000_000_000}:${randomBytes(24).toString('base64url')}`
  const standIn = await startTelegramWidgetStandIn({ bots: [{ name: botName, token: botToken }] })
  return Object.assign(standIn, { botName, botToken })
}

/** The MoonPay stand-in (delivering purchases on anvil when there is one) and the price-source stand-in. */
async function startStackFunding(chains: DevChains | undefined): Promise<StackFunding> {
  const rpc = async (method: string, params: unknown[]) => {
    if (!chains) throw new Error('no chain to deliver on')
    const response = await fetch(chains.anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return ((await response.json()) as { result: unknown }).result
  }
  const moonpay = await startMoonpayStandIn({
    deliver: async (purchase) => {
      const balance = BigInt((await rpc('eth_getBalance', [purchase.walletAddress, 'latest'])) as string)
      const wei = BigInt(Math.round(purchase.quoteCurrencyAmount * 1e9)) * 10n ** 9n
      await rpc('anvil_setBalance', [purchase.walletAddress, `0x${(balance + wei).toString(16)}`])
    },
  })
  const prices = await startPriceSourceStandIn()
  return { moonpay, prices }
}

/** A local chain with Base's id (8453) and the Coinbase Onramp stand-in delivering purchases on it. */
async function startStackCoinbase(): Promise<StackCoinbase> {
  const base = await startAnvil({ chainId: 8453 })
  const onramp = await startCoinbaseOnrampStandIn({ delivery: { rpcUrls: { base: base.rpcUrl } } })
  return { onramp, base }
}

/**
 * Sets the demo's build-time variables (`VITE_*` in `process.env`, read when the demo's Vite server starts):
 * each name with a value is set, each `undefined` one deleted.
 */
function setDemoEnvironment(variables: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
}
