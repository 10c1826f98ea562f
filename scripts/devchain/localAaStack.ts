import { createPublicClient, http, type PublicClient } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll } from 'vitest'
import { installAa } from '../../aa/install.mjs'
import { type Anvil, startAnvil } from './startAnvil'
import { type LocalBundler, startBundler } from './startBundler'

/** The local ERC-4337 stack of one test file (docs/smart-wallets-local.md), filled in by `beforeAll`. */
export type LocalAaStack = {
  anvil: Anvil
  stack: LocalBundler
  /** A client on anvil that polls every 100 ms. */
  publicClient: PublicClient
}

/**
 * Registers the test file's hooks: installs `aa/` on first use (`npm ci`, about 400 MB, a minute or more on a
 * cold cache), starts anvil and the bundler with its mock paymaster before the tests, and stops both after.
 * Read the fields inside tests and hooks only: they are set when `beforeAll` has run.
 */
export function localAaStackForFile(): LocalAaStack {
  const local = {} as LocalAaStack
  beforeAll(async () => {
    const install = await installAa()
    if (install.installed) console.info(`aa/: npm ci took ${(install.ms / 1000).toFixed(1)} s`)
  }, 600_000)
  beforeAll(async () => {
    local.anvil = await startAnvil()
    local.stack = await startBundler({ anvilRpcUrl: local.anvil.rpcUrl })
    local.publicClient = createPublicClient({
      chain: anvilChain,
      transport: http(local.anvil.rpcUrl),
      pollingInterval: 100,
    })
  }, 90_000)
  afterAll(async () => {
    await local.stack?.stop()
    await local.anvil?.stop()
  })
  return local
}
