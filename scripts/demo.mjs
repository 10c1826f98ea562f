#!/usr/bin/env node
// `npm run demo`: the local chains (anvil on chains 31337 and 31338, a Solana JSON-RPC over litesvm), the local stand-ins
// (Turnstile, the Relay bridge API, the OAuth providers, CloudKit (iCloud recovery), Telegram's login widget, Farcaster, MoonPay, Coinbase Onramp with a local Base chain), the Foyer server on its embedded database (PGlite in .foyer/data) and the demo app, all in the foreground; Ctrl-C stops them.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import './registerSources.mjs'

const { startDevChains } = await import('./devchain/startDevChains.ts')
const { startAnvil } = await import('./devchain/startAnvil.ts')
const { startLocalBridge } = await import('./devchain/startLocalBridge.ts')
const {
  DEMO_USDC,
  startCloudKitStandIn,
  startCoinbaseOnrampStandIn,
  startCoinbaseWalletPopupStandIn,
  startFarcasterAppSimulator,
  startFarcasterStandIns,
  startGoogleDriveStandIn,
  startLocalIdentityProvider,
  startMoonpayStandIn,
  startPriceSourceStandIn,
  startSignedKeyRequestStandIn,
  startTelegramWidgetStandIn,
  startTurnstileStandIn,
} = await import('@foyer/server/testing')

const { DEMO_CONSOLE_OPERATOR } = await import('@foyer/server')

const root = fileURLToPath(new URL('..', import.meta.url))
const serverPort = process.env.PORT ?? '8787'
const demoPort = process.env.DEMO_PORT ?? '5173'
// `localhost` for both: same-site page and wallet frame, and a valid passkey RP ID (see apps/demo/vite.config.ts).
const apiUrl = `http://localhost:${serverPort}`
const demoUrl = `http://localhost:${demoPort}`

const chains = await startDevChains({
  anvilPort: Number(process.env.ANVIL_PORT ?? 8545),
  solanaPort: Number(process.env.SOLANA_RPC_PORT ?? 8899),
  // A second local EVM chain (31338): bridging from it with the bridge stand-in, and chain switching.
  secondChain: true,
  secondAnvilPort: Number(process.env.SECOND_ANVIL_PORT ?? 8546),
})
// Bridging: a stand-in for the Relay bridge API between the two anvils; its quotes are real deposits to its
// solver on one chain, which then pays the recipient on the other.
// The demo's USDC (a test token, 6 decimals) is on both anvils: 'Fund with 5 USDC', bridged from the second chain.
const bridge = await startLocalBridge(chains, Number(process.env.BRIDGE_API_PORT ?? 8799))
// Smart wallets (the demo's 'Smart wallet' panel): the EntryPoints and Safe on anvil, the Alto bundler and the
// ERC-7677 mock paymaster (docs/smart-wallets-local.md). The first start installs aa/ (about 400 MB, outside
// the root workspaces); DEMO_BUNDLER=0 leaves them out.
const bundler =
  process.env.DEMO_BUNDLER === '0'
    ? undefined
    : await (await import('./devchain/startBundler.ts')).startBundler({
        anvilRpcUrl: chains.anvil.rpcUrl,
        port: Number(process.env.BUNDLER_PORT ?? 4337),
        paymaster: { port: Number(process.env.PAYMASTER_PORT ?? 4338) },
      })
// The demo app's smart wallets: a Safe on anvil (31337) over the local bundler, sponsored by the paymaster.
const demoSmartWallets = bundler
  ? {
      enabled: true,
      smart_wallet_type: 'safe',
      configured_networks: [
        {
          chain_id: 'eip155:31337',
          bundler_url: bundler.bundlerUrl,
          paymaster_url: bundler.paymasterUrl,
          paymaster_context: null,
        },
      ],
    }
  : { enabled: false, smart_wallet_type: null, configured_networks: [] }
// Gas sponsorship (the 'Sponsored send (EIP-7702)' panel): the app's verifying paymaster on anvil, Pimlico's
// SingletonPaymasterV8 whose signer is a key made for this run, at most 0.01 ETH of gas per user and day
// (docs/gas-sponsorship.md). The embedded wallet sends through the bundler above.
const demoPaymasterKey = generatePrivateKey()
const demoGasSponsorship = bundler
  ? {
      paymaster_address: await (
        await import('./devchain/deployVerifyingPaymaster.ts')
      ).deployVerifyingPaymaster({
        anvilRpcUrl: chains.anvil.rpcUrl,
        signer: privateKeyToAccount(demoPaymasterKey).address,
      }),
      signer_private_key: demoPaymasterKey,
      chain_ids: [31337],
      daily_limit_wei_per_user: '10000000000000000',
    }
  : undefined
// Captcha: a local stand-in for Cloudflare Turnstile (widget script and siteverify), used by the captcha demo app.
const turnstile = await startTurnstileStandIn({ port: Number(process.env.TURNSTILE_PORT ?? 8790) })
// OAuth: a local OpenID Connect provider standing in for the nine providers ('Continue with Google' …), with
// its own login page. The demo app is registered as a client at each; the server gets the endpoints.
const identityProvider = await startLocalIdentityProvider({
  port: Number(process.env.IDENTITY_PROVIDER_PORT ?? 8791),
  users: [
    { subject: '100001', email: 'ada@example.com', name: 'Ada Lovelace', username: 'ada' },
    { subject: '100002', email: 'grace@example.com', name: 'Grace Hopper', username: 'grace' },
  ],
})
// Google Drive recovery: a Drive API stand-in accepting the identity provider's tokens (docs/recovery-oauth.md).
const googleDrive = await startGoogleDriveStandIn({
  identityProvider,
  port: Number(process.env.GOOGLE_DRIVE_PORT ?? 8802),
})
// iCloud recovery: the CloudKit stand-in (the Apple ID sign-in page and CloudKit Web Services) for the demo app's
// container, with a fresh API token (docs/recovery-icloud.md). The server calls it, the demo app offers iCloud.
const demoIcloud = {
  container_identifier: 'iCloud.dev.foyer.demo',
  environment: 'development',
  api_token: randomBytes(32).toString('hex'),
}
const cloudKit = await startCloudKitStandIn({
  containers: [
    {
      containerIdentifier: demoIcloud.container_identifier,
      environment: demoIcloud.environment,
      apiToken: demoIcloud.api_token,
    },
  ],
  port: Number(process.env.CLOUDKIT_PORT ?? 8806),
})
const demoOAuthSettings = await identityProvider.registerApp({
  redirectUri: `${apiUrl}/api/v1/oauth/callback`,
})

// Telegram: a local stand-in for the login widget (script, confirmation popup) and for the mini app's
// initData, knowing the demo bot's token as Telegram does. The demo app gets the bot (server-only token).
const telegramBot = {
  name: 'foyer_demo_bot',
  token: `7000000000:${randomBytes(24).toString('base64url')}`,
}
const telegram = await startTelegramWidgetStandIn({
  port: Number(process.env.TELEGRAM_PORT ?? 8792),
  bots: [telegramBot],
})
const demoTelegramSettings = {
  telegram_auth: true,
  telegram_bot_token: telegramBot.token,
  telegram_auth_config: {
    bot_id: telegramBot.token.split(':')[0],
    bot_name: telegramBot.name,
    link_enabled: true,
    seamless_auth_enabled: true,
  },
}
// Farcaster: a relay and a user-data API standing in for Farcaster's, the Id Registry stand-in on anvil, one
// Farcaster account (@alice) and a page that plays the Farcaster app: it approves the modal's QR code.
const farcaster = await startFarcasterStandIns({
  rpcUrl: chains.anvil.rpcUrl,
  relayPort: Number(process.env.FARCASTER_RELAY_PORT ?? 8793),
  userDataPort: Number(process.env.FARCASTER_USER_DATA_PORT ?? 8794),
})
const alice = await farcaster.createAccount({
  fid: 10001,
  profile: { username: 'alice', displayName: 'Alice', bio: 'Trying Foyer', url: 'https://alice.example' },
})
// Farcaster signers: the demo app's own Farcaster account (a fresh custody key, registered at the Id Registry
// stand-in) signs its signer requests, which a stand-in of the Farcaster client's signed-key-request API takes.
const developerKey = generatePrivateKey()
const developer = { fid: 9152, custody_private_key: developerKey }
await farcaster.idRegistry.register(developer.fid, privateKeyToAccount(developerKey).address)
const signedKeyRequests = await startSignedKeyRequestStandIn({
  custody: { [developer.fid]: privateKeyToAccount(developerKey).address },
  port: Number(process.env.FARCASTER_SIGNER_API_PORT ?? 8796),
})
const farcasterApp = await startFarcasterAppSimulator({
  standIns: farcaster,
  accounts: [alice],
  signedKeyRequests,
  port: Number(process.env.FARCASTER_APP_PORT ?? 8795),
})

// Funding: a MoonPay stand-in (signed widget page, transaction status) whose purchases credit the wallet on
// anvil, and a price-source stand-in for the fiat estimates. The demo app has card funding and receive on.
const anvilRpc = async (method, params) => {
  const response = await fetch(chains.anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()).result
}
const moonpay = await startMoonpayStandIn({
  port: Number(process.env.MOONPAY_PORT ?? 8797),
  deliver: async (purchase) => {
    const balance = BigInt(await anvilRpc('eth_getBalance', [purchase.walletAddress, 'latest']))
    const wei = BigInt(Math.round(purchase.quoteCurrencyAmount * 1e9)) * 10n ** 9n
    await anvilRpc('anvil_setBalance', [purchase.walletAddress, `0x${(balance + wei).toString(16)}`])
  },
})
// Coinbase Wallet: a stand-in of its popup (keys.coinbase.com) for the SDK, holding a fresh test key funded
// with 10 ETH on anvil, so 'Coinbase Wallet' in the wallet list connects, signs and sends locally.
const coinbaseWalletAccount = privateKeyToAccount(generatePrivateKey())
await anvilRpc('anvil_setBalance', [coinbaseWalletAccount.address, `0x${(10n ** 19n).toString(16)}`])
const coinbaseWallet = await startCoinbaseWalletPopupStandIn({
  account: coinbaseWalletAccount,
  chains: { [chains.anvil.chainId]: chains.anvil.rpcUrl },
  port: Number(process.env.COINBASE_WALLET_PORT ?? 8807),
})
const priceSource = await startPriceSourceStandIn({ port: Number(process.env.PRICE_SOURCE_PORT ?? 8798) })
// Exchange funding: a Coinbase Onramp stand-in (session tokens behind CDP JWTs, pay page, transaction status)
// delivering purchases on a local chain with Base's id (8453); the demo app gets its project and CDP key.
const baseAnvil = await startAnvil({ port: Number(process.env.BASE_ANVIL_PORT ?? 8547), chainId: 8453 })
const coinbase = await startCoinbaseOnrampStandIn({
  port: Number(process.env.COINBASE_ONRAMP_PORT ?? 8801),
  delivery: { rpcUrls: { base: baseAnvil.rpcUrl } },
})
const demoCoinbase = {
  project_id: coinbase.projectId,
  api_key_id: coinbase.apiKey.id,
  api_key_secret: coinbase.apiKey.secret,
}

// Delegated actions: the demo back end's authorization key (its public key goes into the demo app's setting)
// and the policy the user is asked to accept: send at most 0.01 ETH a day to one address (anvil's second test
// account), on anvil (docs/delegated-actions.md#demo).
const { generateAuthorizationKeyPair } = await import('@foyer/node')
const demoAuthorizationKey = generateAuthorizationKeyPair()
const DELEGATED_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const demoDelegatedActions = {
  authorization_public_keys: [demoAuthorizationKey.publicKey],
  daily_value_limit_wei: '10000000000000000',
  policy: {
    version: '1.0',
    name: 'Small sends to one address',
    chain_type: 'ethereum',
    rules: [
      {
        name: 'Send at most 0.01 ETH to the demo recipient',
        method: 'eth_sendTransaction',
        action: 'ALLOW',
        conditions: [
          { field_source: 'ethereum_transaction', field: 'to', operator: 'eq', value: DELEGATED_RECIPIENT },
          {
            field_source: 'ethereum_transaction',
            field: 'value',
            operator: 'lte',
            value: '10000000000000000',
          },
          { field_source: 'ethereum_transaction', field: 'chain_id', operator: 'eq', value: '31337' },
        ],
      },
    ],
  },
}

/** Starts a child process with prefixed output and resolves once `ready` matches a line it prints. */
function start(name, args, { cwd, env, ready }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C reaches this script only, which then sends the child one SIGTERM (a
    // second signal would cut the server's graceful shutdown short).
    detached: true,
  })
  const started = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue
        process.stdout.write(`[${name}] ${line}\n`)
        if (ready.test(line)) resolve()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => reject(new Error(`${name} exited with code ${code}`)))
  })
  return { child, started }
}

// The signer of delegated actions, its own process as in production (docs/operations.md#signer): a key made
// for this run (sealed at rest in a temporary directory), and the secret the server signs its calls with.
const signerPort = process.env.SIGNER_PORT ?? '8803'
const signerEnv = {
  FOYER_SIGNER_KEY_FILE: join(mkdtempSync(join(tmpdir(), 'foyer-demo-signer-')), 'signer-key.json'),
  FOYER_SIGNER_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  FOYER_SIGNER_SECRET: randomBytes(32).toString('base64'),
  FOYER_SIGNER_HOST: '127.0.0.1',
  FOYER_SIGNER_PORT: signerPort,
}
const signerInit = spawnSync(process.execPath, ['packages/server/bin/foyer-server.mjs', 'signer', 'init'], {
  cwd: root,
  env: { ...process.env, ...signerEnv },
  stdio: 'inherit',
})
if (signerInit.status !== 0) throw new Error('foyer-server signer init failed')
const signer = start('signer', ['packages/server/bin/foyer-server.mjs', 'signer'], {
  cwd: root,
  env: signerEnv,
  ready: /listening/i,
})
await signer.started

const server = start('server', ['packages/server/bin/foyer-server.mjs', 'start'], {
  cwd: root,
  // The server checks contract-wallet (ERC-1271) sign-ins on the local chain.
  env: {
    PORT: serverPort,
    HOST: '127.0.0.1',
    // Codes in the terminal and at /dev/mailbox (loopback only).
    FOYER_DEV_MAILBOX: '1',
    FOYER_EVM_RPC_URLS: `31337=${chains.anvil.rpcUrl},31338=${chains.secondAnvil.rpcUrl}`,
    FOYER_TURNSTILE_VERIFY_URL: `${turnstile.url}/turnstile/v0/siteverify`,
    // The demo back end is the host's identity provider for `?customAuth=1` (the host's own JWT sign-in).
    FOYER_DEMO_HOST_JWKS_URL: `${demoUrl}/api/host/jwks.json`,
    // OAuth against the local identity provider: its endpoints, and the demo app's client registrations.
    FOYER_PUBLIC_URL: apiUrl,
    FOYER_OAUTH_ENDPOINTS_JSON: JSON.stringify(identityProvider.providers),
    FOYER_DEMO_OAUTH_SETTINGS_JSON: JSON.stringify(demoOAuthSettings),
    // Telegram: the demo bot (its token stays on the server).
    FOYER_DEMO_TELEGRAM_SETTINGS_JSON: JSON.stringify(demoTelegramSettings),
    // Farcaster against the stand-ins (the Id Registry stand-in sits at Farcaster's own address on anvil).
    FOYER_FARCASTER_RELAY_URL: farcaster.options.relayUrl,
    FOYER_FARCASTER_RPC_URL: farcaster.options.rpcUrl,
    FOYER_FARCASTER_ID_REGISTRY_ADDRESS: farcaster.options.idRegistryAddress,
    FOYER_FARCASTER_USER_DATA_URL: farcaster.options.userDataUrl,
    FOYER_DEMO_FARCASTER: 'on',
    FOYER_FARCASTER_SIGNER_API_URL: signedKeyRequests.apiUrl,
    FOYER_DEMO_FARCASTER_DEVELOPER_JSON: JSON.stringify(developer),
    // Cross-app: the provider demo app's pages are the demo web app on 127.0.0.1 (another origin than
    // localhost, so its popup is really cross-origin) opened with the provider's app id.
    FOYER_DEMO_PROVIDER_WEB_URL: `http://127.0.0.1:${demoPort}/?appId=foyerdemoprovider00000000`,
    // Funding against the MoonPay and price-source stand-ins.
    FOYER_MOONPAY_WIDGET_URL: moonpay.widgetUrl,
    FOYER_MOONPAY_SANDBOX_WIDGET_URL: moonpay.sandboxWidgetUrl,
    FOYER_PRICE_SOURCE_URL: priceSource.url,
    // Exchange funding against the Coinbase Onramp stand-in (the CDP key stays on the server).
    FOYER_COINBASE_API_URL: coinbase.apiUrl,
    FOYER_GOOGLE_DRIVE_API_URL: googleDrive.url,
    FOYER_CLOUDKIT_API_URL: cloudKit.url,
    FOYER_DEMO_ICLOUD_JSON: JSON.stringify(demoIcloud),
    FOYER_DEMO_COINBASE_JSON: JSON.stringify(demoCoinbase),
    // Smart wallets over the local bundler and paymaster (the 'Smart wallet' panel).
    FOYER_DEMO_SMART_WALLETS_JSON: JSON.stringify(demoSmartWallets),
    // The app's verifying paymaster and its signer key (sealed by the server when it stores the setting).
    ...(demoGasSponsorship ? { FOYER_DEMO_GAS_SPONSORSHIP_JSON: JSON.stringify(demoGasSponsorship) } : {}),
    // Delegated actions: the demo back end's key and the policy; the wallet API sends on FOYER_EVM_RPC_URLS.
    FOYER_DEMO_DELEGATED_ACTIONS_JSON: JSON.stringify(demoDelegatedActions),
    // The signer process above holds the key that opens delegated shares; the server only calls it.
    FOYER_SIGNER_URL: `http://127.0.0.1:${signerPort}`,
    FOYER_SIGNER_SECRET: signerEnv.FOYER_SIGNER_SECRET,
    // The operator console at /console: the demo's operator signs in with a code from the dev mailbox.
    FOYER_CONSOLE_OPERATORS: process.env.FOYER_CONSOLE_OPERATORS ?? DEMO_CONSOLE_OPERATOR,
  },
  ready: /listening|http:\/\/127\.0\.0\.1/i,
})
const demo = start('demo', [`${root}node_modules/vite/bin/vite.js`, '--port', demoPort, '--strictPort'], {
  cwd: `${root}apps/demo`,
  env: {
    VITE_FOYER_API_URL: apiUrl,
    VITE_ANVIL_RPC_URL: chains.anvil.rpcUrl,
    VITE_SECOND_ANVIL_RPC_URL: chains.secondAnvil.rpcUrl,
    VITE_BRIDGE_API_URL: bridge.url,
    VITE_DEMO_USDC_ADDRESS: DEMO_USDC.address,
    VITE_SOLANA_RPC_URL: chains.solana.rpcUrl,
    VITE_TURNSTILE_SCRIPT_URL: `${turnstile.url}/turnstile/v0/api.js?render=explicit`,
    VITE_TELEGRAM_WIDGET_SCRIPT_URL: telegram.scriptUrl,
    VITE_TELEGRAM_STAND_IN_URL: telegram.url,
    VITE_MOONPAY_API_URL: moonpay.url,
    VITE_COINBASE_PAY_URL: coinbase.payUrl,
    VITE_COINBASE_WALLET_KEYS_URL: coinbaseWallet.keysUrl,
    VITE_BASE_RPC_URL: baseAnvil.rpcUrl,
    // The iCloud sign-in's token comes from the CloudKit stand-in's origin (Apple's: https://cdn.apple-cloudkit.com).
    VITE_CLOUDKIT_SIGN_IN_ORIGIN: new URL(cloudKit.url).origin,
    // 'Continue with Foyer Demo Provider' on the demo app's landing (cross-app sign-in).
    VITE_FOYER_CROSS_APP_PROVIDER_ID: 'foyerdemoprovider00000000',
    // The demo back end's authorization key (server side only: no VITE_ prefix, never in the page).
    FOYER_DEMO_AUTHORIZATION_KEY: demoAuthorizationKey.privateKey,
  },
  ready: /Local:/,
})

let stopping = false
function stop(code = 0) {
  if (stopping) return
  stopping = true
  const children = [server, demo, signer]
    .map(({ child }) => child)
    .filter((child) => child.exitCode === null && child.signalCode === null)
  for (const child of children) child.kill('SIGTERM')
  const exited = Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))))
  // The server finishes its requests in flight (up to FOYER_SHUTDOWN_GRACE_MS); SIGKILL after 12 s.
  const forced = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  }, 12_000)
  // anvil: SIGINT, then SIGKILL after 3 s (docs/architecture.md "Local real components").
  turnstile.close().catch(() => {})
  bridge.close().catch(() => {})
  googleDrive.close().catch(() => {})
  cloudKit.close().catch(() => {})
  identityProvider.close().catch(() => {})
  telegram.close().catch(() => {})
  farcasterApp.close().catch(() => {})
  signedKeyRequests.close().catch(() => {})
  farcaster.close().catch(() => {})
  moonpay.close().catch(() => {})
  priceSource.close().catch(() => {})
  coinbase.close().catch(() => {})
  coinbaseWallet.close().catch(() => {})
  // The bundler and paymaster before anvil, which they call.
  const bundlerStopped = bundler?.stop().catch(() => {})
  Promise.all([
    exited,
    bundlerStopped?.then(() => chains.stop()) ?? chains.stop(),
    baseAnvil.stop().catch(() => {}),
  ]).finally(() => {
    clearTimeout(forced)
    process.exit(code)
  })
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

try {
  await Promise.all([server.started, demo.started])
  console.log(`
  Foyer demo is running.
    Demo app:        ${demoUrl}
    Server API:      ${apiUrl}
    Anvil (31337):   ${chains.anvil.rpcUrl}
    Anvil 2 (31338): ${chains.secondAnvil.rpcUrl}
    Solana RPC:      ${chains.solana.rpcUrl}  (litesvm, dev only)
    Bridge API:      ${bridge.url}  (Relay stand-in between the two anvils)
    ERC-4337:        ${bundler ? `bundler ${bundler.bundlerUrl}, paymaster ${bundler.paymasterUrl} (EntryPoint v0.6–v0.8 on anvil 31337)` : 'off (DEMO_BUNDLER=0)'}
    With captcha:    ${demoUrl}/?appId=foyerdemocaptcha000000000  (Turnstile stand-in at ${turnstile.url})
    With terms:      ${demoUrl}/?appId=foyerdemoterms00000000000  ('One last step' after sign-in)
    Host's own JWT:  ${demoUrl}/?customAuth=1  (the demo back end signs in its own users)
    Cross-app:       'Continue with Foyer Demo Provider' signs in with an account of the provider app
                     (its pages: http://127.0.0.1:${demoPort}/oauth/authorize?appId=foyerdemoprovider00000000)
    OAuth providers: ${identityProvider.issuer}  (a local stand-in for Google, GitHub, Apple … with a login page)
    Google Drive:    ${googleDrive.url}  (Drive API stand-in for Google Drive recovery)
    iCloud:          ${cloudKit.url}  (CloudKit and Apple ID sign-in stand-in for iCloud recovery; any email signs in)
    Telegram:        'Continue with Telegram' (widget stand-in at ${telegram.url}); as a mini app: ${demoUrl}/?telegramMiniApp=1
    Farcaster app:   ${farcasterApp.url}  (simulates the Farcaster app: approves 'Continue with Farcaster' and signer requests as @alice)
    Funding:         'Fund wallet' (MoonPay stand-in at ${moonpay.url}: its widget page buys or fails; purchases credit anvil)
    Exchange:        'Fund on Base' → 'Transfer from an exchange' (Coinbase Onramp stand-in at ${coinbase.url}; delivers on Base (local), ${baseAnvil.rpcUrl})
    Coinbase Wallet: ${coinbaseWallet.url}  (its popup's stand-in: 'Coinbase Wallet' in the wallet list connects as ${coinbaseWalletAccount.address}, 10 ETH on anvil)
    Signer:          http://127.0.0.1:${signerPort}  (foyer-server signer: opens delegated shares, signs for the wallet API)
    Delegated:       'Delegated actions' panel: the demo back end (${demoUrl}/api/delegated/…) sends up to 0.01 ETH a day to ${DELEGATED_RECIPIENT}
    Sign-in codes:   ${apiUrl}/dev/mailbox  (also printed above as "[dev mailbox] code …")
    Console:         ${apiUrl}/console  (sign in as ${process.env.FOYER_CONSOLE_OPERATORS ?? DEMO_CONSOLE_OPERATOR} with its code from the mailbox, then add an authenticator app)
  Press Ctrl-C to stop.
`)
} catch (error) {
  console.error(String(error))
  stop(1)
}
