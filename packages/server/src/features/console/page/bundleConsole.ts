import { existsSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, join } from 'node:path'
import { build, type Plugin } from 'esbuild'

/** One file of the console page's build, served at `/console/assets/<fileName>` (immutable). */
export type ConsoleAsset = { fileName: string; contents: Uint8Array }

/**
 * The console page's build: its entry script and style sheet (content-hashed names) and every file,
 * including the chunks the entry loads lazily.
 */
export type ConsoleBundle = { script: string; style: string | null; files: readonly ConsoleAsset[] }

/** `packages/console/src/main.tsx`, found through the workspace package `@foyer/console`. */
function consoleEntry(): string {
  return createRequire(import.meta.url).resolve('@foyer/console')
}

const sourceExtensions = ['.ts', '.tsx', '.js', '.jsx', '.mjs']

/**
 * Resolves relative imports without an extension by exact file name. esbuild matches file names without
 * regard to case, so where `errorScreen.ts` sits beside `ErrorScreen.tsx` (as in `@foyer/react`),
 * `./errorScreen` would find `ErrorScreen.tsx` under the wrong name and fail to read it.
 */
const exactCaseResolution: Plugin = {
  name: 'exact-case-resolution',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (/\.[cm]?[jt]sx?$|\.css$|\.json$/.test(args.path)) return undefined
      const base = join(args.resolveDir, args.path)
      for (const candidate of [
        ...sourceExtensions.map((extension) => `${base}${extension}`),
        ...sourceExtensions.map((extension) => join(base, `index${extension}`)),
      ])
        if (existsSync(candidate) && statSync(candidate).isFile()) return { path: candidate }
      return undefined
    })
  },
}

/**
 * Zod's locales as English only. `import { z } from 'zod'` keeps the namespace `z.locales` (every
 * language's error messages, about 260 kB minified) in the bundle, which esbuild cannot shake out; the
 * console's texts are English and nothing in it picks another zod locale.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(args.resolveDir, '../locales/index.js'), namespace: 'zod-locales' }
        : undefined,
    )
    builder.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(join(args.path, '../en.js'))}`,
      resolveDir: join(args.path, '..'),
      loader: 'js',
    }))
  },
}

/**
 * External-wallet SDKs the console never loads: the console app signs in by email code or passkey, with no
 * external wallet (docs/console.md#access), so WalletConnect's and Coinbase Wallet's SDKs (about 3 MB of
 * lazy chunks) are left out; importing one rejects with an error naming it.
 */
export const CONSOLE_LEFT_OUT = ['@walletconnect/ethereum-provider', '@coinbase/wallet-sdk'] as const
const leaveOutWalletSdks: Plugin = {
  name: 'leave-out-wallet-sdks',
  setup(builder) {
    const filter = new RegExp(
      `^(${CONSOLE_LEFT_OUT.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`,
    )
    builder.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'left-out' }))
    builder.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not part of the operator console`)})`,
      loader: 'js',
    }))
  },
}

/**
 * Bundles the console page (`@foyer/console`: React, `@foyer/react` and the pages) with esbuild for the
 * browser: ESM, ES2022, minified, code-split (each page and the modal's screens are lazy chunks), CSS in a
 * file of its own, no source maps, `process.env.NODE_ENV` `production`; zod's locales English only and the
 * external-wallet SDKs left out ({@link CONSOLE_LEFT_OUT}). A few seconds; the page routes
 * call it once, on the first request outside production, and keep the result.
 *
 * @example const bundle = await bundleConsole() // bundle.script === 'main-<hash>.js'
 */
export async function bundleConsole(): Promise<ConsoleBundle> {
  const result = await build({
    entryPoints: { main: consoleEntry() },
    bundle: true,
    // The workspace packages from their TypeScript sources (docs/packaging.md).
    conditions: ['@foyer/source'],
    write: false,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    outdir: 'out',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: 'asset-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [exactCaseResolution, zodEnglishOnly, leaveOutWalletSdks],
  })
  const files = result.outputFiles.map((file) => ({ fileName: basename(file.path), contents: file.contents }))
  const script = files.find((file) => /^main-[^.]+\.js$/.test(file.fileName))
  if (!script) throw new Error('esbuild produced no console script')
  const style = files.find((file) => /^main-[^.]+\.css$/.test(file.fileName))
  return { script: script.fileName, style: style?.fileName ?? null, files }
}
