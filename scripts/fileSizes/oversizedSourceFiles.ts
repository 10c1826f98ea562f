import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/** Source files by their ending: TypeScript and JavaScript, with JSX. */
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/
/** Tests: `*.test.*` and `*.spec.*` files. */
const TEST = /\.(?:test|spec)\.[cm]?[jt]sx?$/
/** Folders never read: dependencies, builds, coverage. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'coverage', '.turbo'])

/**
 * The non-test source files below `root/packages` with more than `limit` lines, as `{ path, lines }` with
 * `path` relative to `root` (`/`-separated), sorted by path.
 *
 * @example oversizedSourceFiles(process.cwd(), 400) // [{ path: 'packages/server/src/cli/loadConfig.ts', lines: 592 }]
 */
export function oversizedSourceFiles(root: string, limit: number): { path: string; lines: number }[] {
  const found: { path: string; lines: number }[] = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) walk(path)
      } else if (entry.isFile() && SOURCE.test(entry.name) && !TEST.test(entry.name)) {
        const text = readFileSync(path, 'utf8')
        const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
        if (lines > limit) found.push({ path: relative(root, path).split(sep).join('/'), lines })
      }
    }
  }
  walk(join(root, 'packages'))
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
