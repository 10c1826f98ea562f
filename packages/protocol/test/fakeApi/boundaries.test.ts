import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'

const packagesDir = join(import.meta.dirname, '../../..')

/** Source files under `dir` that ship (tests excluded). */
function shippedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('fake API boundaries', () => {
  test('error: no shipped source imports the test-only fake API', () => {
    const offenders = readdirSync(packagesDir)
      .flatMap((name) => {
        try {
          return shippedFiles(join(packagesDir, name, 'src'))
        } catch {
          return []
        }
      })
      .filter((file) => /from '[^']*(protocol\/test|\/test\/fakeApi)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(packagesDir, file))
    expect(offenders).toEqual([])
  })
})
