import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WalletFrameBundle } from './bundleWalletFrame'

/** Where `npm run build -w @foyer/server` writes the wallet frame's scripts: `packages/server/dist/wallet-frame`. */
export const WALLET_FRAME_DIST_DIR = fileURLToPath(new URL('../../../dist/wallet-frame', import.meta.url))

/** `manifest.json` of a built wallet frame: the content-hashed file name of each script. */
type Manifest = { frame: string; export: string; import: string }

/**
 * Writes `bundle` to `dir` (emptied first): `frame-<hash>.js`, `export-<hash>.js`, `import-<hash>.js` and `manifest.json`
 * naming them. The package build runs it (`scripts/buildWalletFrame.mjs`).
 *
 * @example await writeWalletFrameBundle(await bundleWalletFrame(), WALLET_FRAME_DIST_DIR)
 */
export async function writeWalletFrameBundle(bundle: WalletFrameBundle, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, bundle.frame.fileName), bundle.frame.contents)
  await writeFile(join(dir, bundle.export.fileName), bundle.export.contents)
  await writeFile(join(dir, bundle.import.fileName), bundle.import.contents)
  const manifest: Manifest = {
    frame: bundle.frame.fileName,
    export: bundle.export.fileName,
    import: bundle.import.fileName,
  }
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
}

/**
 * The wallet frame built into `dir` by {@link writeWalletFrameBundle}, or null when `dir` holds no build.
 * Throws `Error` when the manifest names a missing file (a broken build).
 *
 * @example const bundle = await readWalletFrameBundle(WALLET_FRAME_DIST_DIR)
 */
export async function readWalletFrameBundle(dir: string): Promise<WalletFrameBundle | null> {
  let manifest: Manifest
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest
  } catch {
    return null
  }
  const load = async (fileName: string) => ({
    fileName,
    contents: new Uint8Array(await readFile(join(dir, fileName))),
  })
  // A build from before the import page has no `import` entry: treated as no build.
  if (typeof manifest.import !== 'string') return null
  return {
    frame: await load(manifest.frame),
    export: await load(manifest.export),
    import: await load(manifest.import),
  }
}
