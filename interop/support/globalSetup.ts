import { createPublicKey, generateKeyPairSync } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { DEMO_APP_ID, updateAppSettings } from '@foyer/server'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createServer } from 'vite'
import type { TestProject } from 'vitest/node'
import { launchBrowserServer } from '../../e2e/support/launchBrowser'
import { startStack } from '../../e2e/support/startStack'
import { installClients } from './installClients.mjs'
import type { InteropStack } from './interopStack'

const pageRoot = fileURLToPath(new URL('../page', import.meta.url))

/** The OAuth test users: one per OAuth test, so links never collide. */
const OAUTH_USERS = Array.from({ length: 12 }, (_, index) => ({
  subject: String(7001 + index),
  email: `oauth${index}@example.com`,
  name: `OAuth User ${index}`,
  username: `oauth${index}`,
}))

/**
 * The interop suite's one shared stack: installs the pinned clients (`npm ci` in `interop/` when needed),
 * then starts the Foyer server with the e2e stand-ins (anvil and the Solana JSON-RPC, OAuth provider, Telegram
 * widget, Farcaster relay and Id Registry on anvil, MoonPay and prices, Coinbase Onramp and its Base chain), turns on the demo app's custom JWT sign-in with a fresh issuer
 * key, serves the react-auth page on Vite and launches the one Chromium the test files connect to. Stops
 * everything after the last test file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const install = installClients()
  if (install.installed) console.info(`interop: npm ci in interop/ took ${(install.ms / 1000).toFixed(1)} s`)

  const stack = await startStack({
    // anvil (chain 31337): react-auth's transactions and the Farcaster Id Registry stand-in.
    chains: true,
    oauth: { users: OAUTH_USERS },
    telegram: true,
    farcaster: true,
    funding: true,
    // Coinbase Onramp: the stand-in (session tokens, pay page, purchases) and its local Base chain (8453).
    coinbase: true,
  })
  if (!stack.telegram || !stack.farcaster || !stack.chains || !stack.coinbase)
    throw new Error('the Telegram, Farcaster and Coinbase Onramp stand-ins or anvil did not start')
  const anvilRpcUrl = stack.chains.anvil.rpcUrl

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const customJwt = {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    issuer: 'https://host.example',
    audience: 'foyer-interop',
  }
  await updateAppSettings(
    stack.db,
    DEMO_APP_ID,
    {
      custom_jwt_auth: {
        enabled: true,
        issuer: customJwt.issuer,
        audience: customJwt.audience,
        jwks_url: null,
        subject_claim: 'sub',
        public_key_pem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
        algorithms: ['RS256'],
      },
    },
    stack.masterKey,
  )

  // Delegated actions (docs/delegated-actions.md): the app's back end key (P-256) and a policy, so that a
  // user can consent; the policy lets the back end sign messages.
  const appKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  await updateAppSettings(
    stack.db,
    DEMO_APP_ID,
    {
      delegated_actions: {
        authorization_public_keys: [
          appKey.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
        ],
        policy: {
          version: '1.0',
          name: 'Sign messages',
          chain_type: 'ethereum',
          rules: [{ name: 'Sign any message', method: 'personal_sign', action: 'ALLOW', conditions: [] }],
        },
        daily_value_limit_wei: null,
      },
    },
    stack.masterKey,
  )

  const accounts: InteropStack['farcaster']['accounts'] = []
  for (let fid = 20001; fid <= 20004; fid += 1) {
    const key = generatePrivateKey()
    await stack.farcaster.idRegistry.register(fid, privateKeyToAccount(key).address)
    accounts.push({ fid, privateKey: key })
  }

  process.env.VITE_INTEROP_API_URL = stack.apiUrl
  process.env.VITE_INTEROP_APP_ID = DEMO_APP_ID
  process.env.VITE_INTEROP_ANVIL_RPC_URL = anvilRpcUrl
  const page = await createServer({
    root: pageRoot,
    configFile: false,
    envPrefix: 'VITE_INTEROP_',
    // No reloads under a running test: no file watching, no HMR socket.
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
    logLevel: 'warn',
    clearScreen: false,
  })
  await page.listen()
  const pageUrl = page.resolvedUrls?.local[0]
  if (!pageUrl) throw new Error('the react-auth page did not report its URL')

  const browser = await launchBrowserServer()

  const provided: InteropStack = {
    apiUrl: stack.apiUrl,
    appId: DEMO_APP_ID,
    origin: 'http://localhost:5173',
    oauthLogins: OAUTH_USERS.map((user) => user.subject),
    telegram: { botName: stack.telegram.botName, botToken: stack.telegram.botToken },
    farcaster: { relayUrl: stack.farcaster.relay.url, authKey: stack.farcaster.relay.authKey, accounts },
    customJwt,
    pageUrl,
    anvilRpcUrl,
    coinbase: { payUrl: stack.coinbase.onramp.payUrl, baseRpcUrl: stack.coinbase.base.rpcUrl },
    browserWsEndpoint: browser.wsEndpoint(),
  }
  project.provide('interop', provided)

  return async () => {
    await browser.close()
    await page.close()
    await stack.close()
  }
}
