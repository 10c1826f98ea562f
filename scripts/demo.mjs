#!/usr/bin/env node
// `npm run demo`: the local chains (anvil on chain 31337, a Solana JSON-RPC over litesvm), the local stand-ins
// (Turnstile, the OAuth providers), the Foyer server on its embedded database (PGlite in .foyer/data) and the demo app, all in the foreground; Ctrl-C stops them.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

register()
const { startDevChains } = await import('./devchain/startDevChains.ts')
const { startLocalIdentityProvider, startTurnstileStandIn } = await import('@foyer/server/testing')

const root = fileURLToPath(new URL('..', import.meta.url))
const serverPort = process.env.PORT ?? '8787'
const demoPort = process.env.DEMO_PORT ?? '5173'
// `localhost` for both: same-site page and wallet frame, and a valid passkey RP ID (see apps/demo/vite.config.ts).
const apiUrl = `http://localhost:${serverPort}`
const demoUrl = `http://localhost:${demoPort}`

const chains = await startDevChains({
  anvilPort: Number(process.env.ANVIL_PORT ?? 8545),
  solanaPort: Number(process.env.SOLANA_RPC_PORT ?? 8899),
})
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
const demoOAuthSettings = await identityProvider.registerApp({
  redirectUri: `${apiUrl}/api/v1/oauth/callback`,
})

/** Starts a child process with prefixed output and resolves once `ready` matches a line it prints. */
function start(name, args, { cwd, env, ready }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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

const server = start('server', ['packages/server/bin/foyer-server.mjs', 'start'], {
  cwd: root,
  // The server checks contract-wallet (ERC-1271) sign-ins on the local chain.
  env: {
    PORT: serverPort,
    HOST: '127.0.0.1',
    // Codes in the terminal and at /dev/mailbox (loopback only).
    FOYER_DEV_MAILBOX: '1',
    FOYER_EVM_RPC_URLS: `31337=${chains.anvil.rpcUrl}`,
    FOYER_TURNSTILE_VERIFY_URL: `${turnstile.url}/turnstile/v0/siteverify`,
    // The demo back end is the host's identity provider for `?customAuth=1` (the host's own JWT sign-in).
    FOYER_DEMO_HOST_JWKS_URL: `${demoUrl}/api/host/jwks.json`,
    // OAuth against the local identity provider: its endpoints, and the demo app's client registrations.
    FOYER_PUBLIC_URL: apiUrl,
    FOYER_OAUTH_ENDPOINTS_JSON: JSON.stringify(identityProvider.providers),
    FOYER_DEMO_OAUTH_SETTINGS_JSON: JSON.stringify(demoOAuthSettings),
  },
  ready: /listening|http:\/\/127\.0\.0\.1/i,
})
const demo = start('demo', [`${root}node_modules/vite/bin/vite.js`, '--port', demoPort, '--strictPort'], {
  cwd: `${root}apps/demo`,
  env: {
    VITE_FOYER_API_URL: apiUrl,
    VITE_ANVIL_RPC_URL: chains.anvil.rpcUrl,
    VITE_SOLANA_RPC_URL: chains.solana.rpcUrl,
    VITE_TURNSTILE_SCRIPT_URL: `${turnstile.url}/turnstile/v0/api.js?render=explicit`,
  },
  ready: /Local:/,
})

function stop(code = 0) {
  for (const { child } of [server, demo]) if (child.exitCode === null) child.kill('SIGTERM')
  // anvil: SIGINT, then SIGKILL after 3 s (DESIGN.md "Local real components").
  turnstile.close().catch(() => {})
  identityProvider.close().catch(() => {})
  chains.stop().finally(() => setTimeout(() => process.exit(code), 500).unref())
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
    Solana RPC:      ${chains.solana.rpcUrl}  (litesvm, dev only)
    With captcha:    ${demoUrl}/?appId=foyerdemocaptcha000000000  (Turnstile stand-in at ${turnstile.url})
    Host's own JWT:  ${demoUrl}/?customAuth=1  (the demo back end signs in its own users)
    OAuth providers: ${identityProvider.issuer}  (a local stand-in for Google, GitHub, Apple … with a login page)
    Sign-in codes:   ${apiUrl}/dev/mailbox  (also printed above as "[dev mailbox] code …")
  Press Ctrl-C to stop.
`)
} catch (error) {
  console.error(String(error))
  stop(1)
}
