import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ConsoleBundle } from './bundleConsole'

/** Where `npm run build -w @foyer/server` writes the console page: `packages/server/dist/console`. */
export const CONSOLE_DIST_DIR = fileURLToPath(new URL('../../../../dist/console', import.meta.url))

/** `manifest.json` of a built console: the entry script, the style sheet, and every file. */
type Manifest = { script: string; style: string | null; files: string[] }

/**
 * Writes `bundle` to `dir` (emptied first): its files and `manifest.json` naming them. The package build
 * runs it (`scripts/buildConsole.mjs`).
 *
 * @example await writeConsoleBundle(await bundleConsole(), CONSOLE_DIST_DIR)
 */
export async function writeConsoleBundle(bundle: ConsoleBundle, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  for (const file of bundle.files) await writeFile(join(dir, file.fileName), file.contents)
  const manifest: Manifest = {
    script: bundle.script,
    style: bundle.style,
    files: bundle.files.map((file) => file.fileName),
  }
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
}

/**
 * The console built into `dir` by {@link writeConsoleBundle}, or null when `dir` holds no build. Throws
 * `Error` when the manifest names a missing file (a broken build).
 *
 * @example const bundle = await readConsoleBundle(CONSOLE_DIST_DIR)
 */
export async function readConsoleBundle(dir: string): Promise<ConsoleBundle | null> {
  let manifest: Manifest
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest
  } catch {
    return null
  }
  if (typeof manifest.script !== 'string' || !Array.isArray(manifest.files)) return null
  const files = await Promise.all(
    manifest.files.map(async (fileName) => ({
      fileName,
      contents: new Uint8Array(await readFile(join(dir, fileName))),
    })),
  )
  return { script: manifest.script, style: manifest.style, files }
}
