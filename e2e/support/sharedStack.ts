import type { updateAppSettings } from '@foyer/server'
import { afterAll, beforeAll, inject } from 'vitest'

/** What the global set-up (./sharedStackSetup.ts) provides about the shared stack. */
export type SharedStackInfo = {
  /** The server's base URL, e.g. `http://127.0.0.1:41234`. */
  apiUrl: string
  /** The server's port (reachable as `http://localhost:<port>` too). */
  serverPort: number
  /** The demo app's URL on `127.0.0.1`. */
  demoUrl: string
  /** The same demo on `localhost` (same-site with `http://localhost:<serverPort>`; a valid passkey RP ID). */
  localhostDemoUrl: string
  /** The set-up's control API (see sharedStackSetup.ts). */
  controlUrl: string
  /** anvil, chain 31337. */
  anvilRpcUrl: string
  /** The litesvm Solana JSON-RPC. */
  solanaRpcUrl: string
  /** The local WalletConnect relay (`ws://127.0.0.1:<port>`), which the demo dials. */
  walletConnectRelayUrl: string
  /** The delegated actions' signer's private key (base64), for a test that plays the signer's operator. */
  signerPrivateKey: string
}

/** What `updateAppSettings` merges into an app's settings. */
type AppSettingsOverrides = Parameters<typeof updateAppSettings>[2]

declare module 'vitest' {
  export interface ProvidedContext {
    sharedStack: SharedStackInfo
  }
}

/** An app record as the control API answers it (JSON: dates as ISO strings). */
export type SharedStackApp = {
  id: string
  name: string
  allowedOrigins: string[]
  settings: Record<string, unknown>
}

/** The shared stack as one test file sees it; the shape of `Stack` (./startStack.ts) where it can be. */
export type SharedStack = {
  apiUrl: string
  serverPort: number
  /** The demo's URL: on `127.0.0.1`, or on `localhost` when opened with `demoHost: 'localhost'`. */
  demoUrl: string
  /** anvil (chain 31337) and the Solana JSON-RPC, by URL. */
  chains: { anvil: { rpcUrl: string; chainId: number }; solana: { rpcUrl: string } }
  /** The local WalletConnect relay's URL (docs/walletconnect.md). */
  walletConnectRelayUrl: string
  /** The delegated actions' signer's private key (base64). */
  signerPrivateKey: string
  /**
   * Creates an app (a random id) and answers its record. `copyOf` starts from that app's settings and allowed
   * origins (e.g. `DEMO_APP_ID`, for a demo app of the file's own), then `settings` are merged in.
   */
  createApp(parameters: {
    name: string
    allowedOrigins?: readonly string[]
    settings?: AppSettingsOverrides
    copyOf?: string
  }): Promise<SharedStackApp>
  /** Merges `settings` into app `appId`'s settings (`updateAppSettings`); throws when there is no such app. */
  updateAppSettings(appId: string, settings: AppSettingsOverrides): Promise<SharedStackApp>
  /** Moves the server's clock forward by `ms` (code expiry, token lifetimes) until this file closes. */
  advanceClock(ms: number): Promise<void>
  /** The file is done: puts the server's clock back (the stack itself stops after the last file). */
  close(): Promise<void>
}

/**
 * The shared stack for this test file (started once by the global set-up). Call it in `beforeAll` and
 * `close()` it in `afterAll`. `demoHost: 'localhost'` gives the demo's `localhost` URL as `demoUrl`.
 */
export async function openSharedStack(
  options: { demoHost?: '127.0.0.1' | 'localhost' } = {},
): Promise<SharedStack> {
  const info = inject('sharedStack')
  const control = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${info.controlUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await response.json()) as T & { error?: string }
    if (!response.ok) throw new Error(`shared stack ${path}: ${answer.error ?? response.status}`)
    return answer
  }
  // A file starts on the real time, whatever the file before it did.
  await control('/clock', { reset: true })
  return {
    apiUrl: info.apiUrl,
    serverPort: info.serverPort,
    demoUrl: options.demoHost === 'localhost' ? info.localhostDemoUrl : info.demoUrl,
    chains: { anvil: { rpcUrl: info.anvilRpcUrl, chainId: 31337 }, solana: { rpcUrl: info.solanaRpcUrl } },
    walletConnectRelayUrl: info.walletConnectRelayUrl,
    signerPrivateKey: info.signerPrivateKey,
    createApp: (parameters) => control('/apps', parameters),
    updateAppSettings: (appId, settings) =>
      control(`/apps/${encodeURIComponent(appId)}/settings`, { settings }),
    async advanceClock(ms) {
      await control('/clock', { advanceMs: ms })
    },
    async close() {
      await control('/clock', { reset: true })
    },
  }
}

/** This file's shared stack: opened by `useSharedStack` before the file's first test (a live binding). */
export let stack: SharedStack

/**
 * Registers this file's shared-stack hooks: `openSharedStack(options)` in `beforeAll` (as the module's
 * `stack`), its `close()` in `afterAll`.
 */
export function useSharedStack(options: Parameters<typeof openSharedStack>[0] = {}): void {
  beforeAll(async () => {
    stack = await openSharedStack(options)
  })
  afterAll(async () => {
    await stack?.close()
  })
}
