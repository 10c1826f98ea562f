import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAppRecord, findAppRecord, updateAppSettings } from '@foyer/server'
import type { TestProject } from 'vitest/node'
import type { SharedStackInfo } from './sharedStack'
import { type Stack, startStack } from './startStack'

/**
 * Vitest global set-up of the end-to-end tests: starts ONE stack (server on PGlite with the demo apps seeded,
 * the demo on Vite's dev server, anvil, the Solana JSON-RPC and the local WalletConnect relay) that the files without a special server
 * configuration share, and hands its addresses to them through `provide` (read with `sharedStack()` from
 * ./sharedStack). The database and the server's clock live in this process: files reach them through a small
 * loopback control API (see {@link answerControl}). One dev server for all files also means the demo's modules
 * are transformed once, not once per file.
 *
 * Files stay apart by their own users (fresh addresses), browser contexts and, when they change an app's
 * settings, their own app (`createApp`); they run one at a time, and each puts the clock back on closing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startStack({ chains: true, walletConnect: true })
  const control = createServer((request, response) => void answerControl(stack, request, response))
  try {
    await new Promise<void>((resolve, reject) => {
      control.once('error', reject)
      control.listen(0, '127.0.0.1', resolve)
    })
  } catch (error) {
    await stack.close()
    throw error
  }
  const localhostDemo = new URL(stack.demoUrl)
  localhostDemo.hostname = 'localhost'
  const info: SharedStackInfo = {
    apiUrl: stack.apiUrl,
    serverPort: stack.serverPort,
    demoUrl: stack.demoUrl,
    localhostDemoUrl: localhostDemo.href,
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    anvilRpcUrl: stack.chains?.anvil.rpcUrl ?? '',
    solanaRpcUrl: stack.chains?.solana.rpcUrl ?? '',
    walletConnectRelayUrl: stack.walletConnectRelay?.url ?? '',
    signerPrivateKey: stack.signerPrivateKey,
  }
  project.provide('sharedStack', info)
  return async () => {
    await closeServer(control)
    await stack.close()
  }
}

/**
 * The control API (loopback, JSON bodies):
 * - `POST /apps` `{ name, allowedOrigins?, settings?, copyOf? }` → the new app's record (`copyOf`: start from
 *   that app's settings and allowed origins, then apply `settings`);
 * - `POST /apps/<id>/settings` `{ settings }` → the app's record after the update (404 when there is none);
 * - `POST /clock` `{ advanceMs }` moves the server's clock forward, `{ reset: true }` puts it back.
 * Errors answer 500 `{ error }` with the message (a test's mistake, shown in its failure).
 */
async function answerControl(stack: Stack, request: IncomingMessage, response: ServerResponse) {
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body ?? null))
  }
  try {
    if (request.method !== 'POST') return send(405, { error: 'POST only' })
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>
    const path = new URL(request.url ?? '/', 'http://control').pathname
    if (path === '/clock') {
      if (body.reset === true) stack.resetClock()
      else stack.advanceClock(Number(body.advanceMs))
      return send(200, { ok: true })
    }
    if (path === '/apps') {
      const base =
        typeof body.copyOf === 'string' ? await findAppRecord(stack.db, body.copyOf, stack.masterKey) : null
      if (typeof body.copyOf === 'string' && !base) return send(404, { error: `no app ${body.copyOf}` })
      const created = await createAppRecord(stack.db, {
        name: String(body.name),
        allowedOrigins: (body.allowedOrigins as string[] | undefined) ?? base?.allowedOrigins ?? [],
        settings: { ...base?.settings },
        masterKey: stack.masterKey,
      })
      const record = body.settings
        ? await updateAppSettings(stack.db, created.id, body.settings as object, stack.masterKey)
        : created
      return send(200, record)
    }
    const settings = /^\/apps\/([^/]+)\/settings$/.exec(path)
    if (settings?.[1]) {
      const record = await updateAppSettings(
        stack.db,
        decodeURIComponent(settings[1]),
        (body.settings ?? {}) as object,
        stack.masterKey,
      )
      return record ? send(200, record) : send(404, { error: `no app ${settings[1]}` })
    }
    return send(404, { error: `no route ${path}` })
  } catch (error) {
    send(500, { error: error instanceof Error ? error.message : String(error) })
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}
