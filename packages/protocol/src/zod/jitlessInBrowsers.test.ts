import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const sourceDir = fileURLToPath(new URL('..', import.meta.url))

/** The package's modules (tests aside), as paths relative to `src`. */
function modules(dir = sourceDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return modules(path)
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [relative(sourceDir, path)] : []
  })
}

describe('jitlessInBrowsers', () => {
  test('behavior: every module that builds zod schemas imports it before zod', () => {
    const missing = modules()
      .filter((path) => path !== join('zod', 'jitlessInBrowsers.ts'))
      .filter((path) => {
        const source = readFileSync(join(sourceDir, path), 'utf8')
        const zod = source.search(/^import \{[^}]*\} from 'zod'/m)
        if (zod < 0) return false
        const configured = source.search(/^import '(\.\.?\/)+(zod\/)?jitlessInBrowsers'/m)
        return configured < 0 || configured > zod
      })
    expect(missing).toEqual([])
  })
})
