import type { IncomingMessage, ServerResponse } from 'node:http'
import react from '@vitejs/plugin-react'
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type Plugin,
  type ViteDevServer,
} from 'vite'

/** The shape of `server/handleWhoami.ts`, loaded through Vite's SSR loader (see {@link whoamiPlugin}). */
type WhoamiModule = {
  handleWhoami(
    request: { url: string; authorization: string | undefined; cookie: string | undefined },
    apiUrl: string,
  ): Promise<{ status: number; body: unknown }>
}

/**
 * The demo's small host back end: `GET /api/whoami` on the demo's own origin, so it receives the page's
 * `privy-token` cookie like any same-site back end would, and verifies the session with `@foyer/node`
 * (server/handleWhoami.ts). The Foyer server URL is `VITE_FOYER_API_URL` (read per request), default
 * `http://localhost:8787`. The handler goes through `ssrLoadModule`, not an import: this config file is
 * bundled with its dependencies left external, and `@foyer/node` is consumed as TypeScript source.
 */
function whoamiPlugin(): Plugin {
  return {
    name: 'foyer-demo-whoami',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.method !== 'GET' || !request.url?.startsWith('/api/whoami')) return next()
        void answerWhoami(server, request, response)
      })
    },
  }
}

async function answerWhoami(server: ViteDevServer, request: IncomingMessage, response: ServerResponse) {
  try {
    const handlerPath = new URL('./server/handleWhoami.ts', import.meta.url).pathname
    const { handleWhoami } = (await server.ssrLoadModule(handlerPath)) as WhoamiModule
    const result = await handleWhoami(
      {
        url: request.url ?? '/',
        authorization: request.headers.authorization,
        cookie: request.headers.cookie,
      },
      process.env.VITE_FOYER_API_URL ?? 'http://localhost:8787',
    )
    response.writeHead(result.status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    response.end(JSON.stringify(result.body))
  } catch (error) {
    server.config.logger.error(`GET /api/whoami failed: ${String(error)}`)
    response.writeHead(500, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ error: 'Internal error', code: 'internal_error' }))
  }
}

/** The shape of `server/hostIdentity.ts` (see {@link hostIdentityPlugin}). */
type HostIdentityModule = {
  handleHostIdentity(request: { url: string }): Promise<{ status: number; body: unknown }>
}

/**
 * The demo host's own identity provider (`GET /api/host/jwks.json`, `GET /api/host/login?user=…`;
 * server/hostIdentity.ts), for sign-in with the host's JWT (`?customAuth=1`). Loaded per request through
 * `ssrLoadModule` like the whoami handler; its signing key lives as long as the dev server.
 */
function hostIdentityPlugin(): Plugin {
  return {
    name: 'foyer-demo-host-identity',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.method !== 'GET' || !request.url?.startsWith('/api/host/')) return next()
        void (async () => {
          try {
            const handlerPath = new URL('./server/hostIdentity.ts', import.meta.url).pathname
            const { handleHostIdentity } = (await server.ssrLoadModule(handlerPath)) as HostIdentityModule
            const result = await handleHostIdentity({ url: request.url ?? '/' })
            response.writeHead(result.status, {
              'content-type': 'application/json',
              'cache-control': 'no-store',
            })
            response.end(JSON.stringify(result.body))
          } catch (error) {
            server.config.logger.error(`GET ${request.url} failed: ${String(error)}`)
            response.writeHead(500, { 'content-type': 'application/json' })
            response.end(JSON.stringify({ error: 'Internal error' }))
          }
        })()
      })
    },
  }
}

/** The shape of `server/delegatedActions.ts` (see {@link delegatedActionsPlugin}). */
type DelegatedActionsModule = {
  handleDelegatedActions(
    request: { method: string; url: string; authorization: string | undefined; body: unknown },
    apiUrl: string,
  ): Promise<{ status: number; body: unknown }>
}

/**
 * The demo host's back end for delegated actions (`/api/delegated/…`, server/delegatedActions.ts): it keeps
 * the wallet id of each user's delegated wallet and sends from it with `@foyer/node`'s wallet API client,
 * whether or not the user's page is open. Loaded per request through `ssrLoadModule` like the whoami
 * handler; its authorization key and registrations live as long as the dev server. JSON bodies up to 4 kB.
 */
function delegatedActionsPlugin(): Plugin {
  return {
    name: 'foyer-demo-delegated-actions',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!request.url?.startsWith('/api/delegated/')) return next()
        void (async () => {
          const reply = (status: number, body: unknown) => {
            response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
            response.end(JSON.stringify(body))
          }
          try {
            let text = ''
            for await (const chunk of request) {
              text += String(chunk)
              if (text.length > 4096) return reply(413, { error: 'Body too large', code: 'invalid_request' })
            }
            let body: unknown
            try {
              body = text ? JSON.parse(text) : undefined
            } catch {
              return reply(400, { error: 'The body is not JSON', code: 'invalid_request' })
            }
            const handlerPath = new URL('./server/delegatedActions.ts', import.meta.url).pathname
            const { handleDelegatedActions } = (await server.ssrLoadModule(
              handlerPath,
            )) as DelegatedActionsModule
            const result = await handleDelegatedActions(
              {
                method: request.method ?? 'GET',
                url: request.url ?? '/',
                authorization: request.headers.authorization,
                body,
              },
              process.env.VITE_FOYER_API_URL ?? 'http://localhost:8787',
            )
            reply(result.status, result.body)
          } catch (error) {
            server.config.logger.error(`${request.method} ${request.url} failed: ${String(error)}`)
            reply(500, { error: 'Internal error', code: 'internal_error' })
          }
        })()
      })
    },
  }
}

/**
 * The demo host app. `VITE_FOYER_API_URL` points it at a Foyer server (default http://localhost:8787);
 * `VITE_ANVIL_RPC_URL` and `VITE_SOLANA_RPC_URL` at the local chains (defaults :8545 and :8899).
 */
export default defineConfig({
  plugins: [react(), whoamiPlugin(), hostIdentityPlugin(), delegatedActionsPlugin()],
  // The workspace packages from their TypeScript sources, in the page and in the SSR-loaded back end
  // (docs/packaging.md).
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@foyer/source', ...defaultServerConditions] } },
  // `localhost`, with the server reached as http://localhost:8787 too (scripts/demo.mjs): the wallet frame (on
  // the server's origin) is then same-site with the page, so Chromium lets it keep its device share in
  // IndexedDB, and `localhost` is a valid passkey RP ID (an IP address is not).
  server: { host: 'localhost', port: 5173, strictPort: false },
  // The wallet screens load lazily; pre-bundle their dependencies at start so the dev server does not
  // re-optimize (and reload the page) the first time a wallet screen opens.
  optimizeDeps: {
    include: [
      'viem',
      'viem/chains',
      'zod',
      '@scure/bip39/wordlists/english.js',
      '@solana/kit',
      // Loaded on choosing WalletConnect: pre-bundled, so that its first load does not reload the page.
      '@walletconnect/ethereum-provider',
    ],
  },
})
