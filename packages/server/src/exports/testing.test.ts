import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import * as testing from './testing'

const src = fileURLToPath(new URL('..', import.meta.url))

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

test('exports', () => {
  expect(Object.keys(testing).sort()).toMatchInlineSnapshot(`
    [
      "authorizeAtLocalIdentityProvider",
      "githubNumericId",
      "startLocalIdentityProvider",
    ]
  `)
})

test('behavior: no production module imports the testing entry or its stand-ins', () => {
  const production = sourceFiles(src)
    .map((path) => relative(src, path))
    .filter(
      (path) =>
        !path.endsWith('.test.ts') &&
        !path.endsWith('.d.ts') &&
        !path.startsWith('testing/') &&
        !path.startsWith('test/') &&
        path !== 'exports/testing.ts',
    )
  expect(production.length).toBeGreaterThan(50)
  const offenders = production.filter((path) =>
    /from '[^']*(?:\/testing(?:\/[^']*)?|@foyer\/server\/testing)'/.test(
      readFileSync(join(src, path), 'utf8'),
    ),
  )
  expect(offenders).toEqual([])
})
