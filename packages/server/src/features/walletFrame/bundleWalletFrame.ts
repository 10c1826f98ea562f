import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { build } from 'esbuild'

/** One bundled script of the wallet frame, served at `/embedded-wallets/assets/<fileName>`. */
export type FrameAsset = { fileName: string; contents: Uint8Array }

/** The frame page, export page and import page scripts (content-hashed names; immutable). */
export type WalletFrameBundle = { frame: FrameAsset; export: FrameAsset; import: FrameAsset }

/** `packages/wallet-frame/src`, found through the workspace package `@foyer/wallet-frame`. */
function walletFrameSourceDir(): string {
  const require = createRequire(import.meta.url)
  return dirname(dirname(require.resolve('@foyer/wallet-frame')))
}

/**
 * Bundles the wallet frame's browser entries (`src/frame/main.ts`, `src/export/main.ts`, `src/import/main.ts` of
 * `@foyer/wallet-frame`) with esbuild: ESM, browser, ES2022, minified, no source maps. Takes ~1 s; the
 * routes call it once, on the first frame request, and keep the result.
 *
 * @example const bundle = await bundleWalletFrame() // bundle.frame.fileName === 'frame-<hash>.js'
 */
export async function bundleWalletFrame(): Promise<WalletFrameBundle> {
  const source = walletFrameSourceDir()
  const result = await build({
    entryPoints: {
      frame: join(source, 'frame/main.ts'),
      export: join(source, 'export/main.ts'),
      import: join(source, 'import/main.ts'),
    },
    bundle: true,
    // `@foyer/protocol` from its TypeScript sources, as in the repository (docs/packaging.md).
    conditions: ['@foyer/source'],
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    outdir: 'out',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const asset = (name: keyof WalletFrameBundle): FrameAsset => {
    const file = result.outputFiles.find((output) => output.path.endsWith(`/${name}.js`))
    if (!file) throw new Error(`esbuild produced no ${name}.js`)
    const hash = createHash('sha256').update(file.contents).digest('hex').slice(0, 16)
    return { fileName: `${name}-${hash}.js`, contents: file.contents }
  }
  return { frame: asset('frame'), export: asset('export'), import: asset('import') }
}
