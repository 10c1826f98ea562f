import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/** Keys of the injected test wallets (test-only; never used for anything real). */
export type TestWalletKeys = {
  /** secp256k1 private key of the Ethereum wallet. */
  ethereumPrivateKey: `0x${string}`
  /** 32-byte ed25519 seed of the Solana wallet, hex. */
  solanaSeedHex: string
  /** Chain id the Ethereum wallet reports (at first). */
  chainId: number
  /** RPC URL per chain id: the Ethereum wallet switches between these chains and sends transactions on them. */
  rpcUrls?: Record<number, string>
}

/**
 * The init script that injects the test wallets into every page of a context (`context.addInitScript`):
 * `injectedTestWallets.ts` bundled by esbuild into an IIFE, preceded by the keys.
 */
export async function testWalletsInitScript(keys: TestWalletKeys): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./injectedTestWallets.ts', import.meta.url))],
    bundle: true,
    // The workspace packages' TypeScript sources (docs/packaging.md).
    conditions: ['@foyer/source'],
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text
  if (!code) throw new Error('bundling the test wallets produced nothing')
  return `window.__testWalletConfig = ${JSON.stringify(keys)};\n${code}`
}
