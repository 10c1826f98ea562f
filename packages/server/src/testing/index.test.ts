import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import * as testing from './index'

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Production modules of the server: every `.ts` under src except tests, test helpers and the testing entry. */
function productionModules(): string[] {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).map((file) => join(src, file))
  return files.filter((file) => {
    const path = relative(src, file).split('\\').join('/')
    return (
      path.endsWith('.ts') &&
      !path.endsWith('.test.ts') &&
      !path.endsWith('.d.ts') &&
      !path.startsWith('test/') &&
      !path.startsWith('testing/')
    )
  })
}

/** Specifiers of the static imports, re-exports and dynamic imports of a module's source text. */
function importSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm
  return [...source.matchAll(pattern)].map((match) => match[1] as string)
}

/** True when `specifier`, imported by `file`, names a stand-in: src/testing/… or the testing entry. */
function isStandInImport(file: string, specifier: string): boolean {
  if (specifier === '@foyer/server/testing') return true
  if (!specifier.startsWith('.')) return false
  const target = relative(src, resolve(dirname(file), specifier))
    .split('\\')
    .join('/')
  return target === 'testing' || target.startsWith('testing/')
}

describe('testing entry', () => {
  test('exports', () => {
    expect(Object.keys(testing).sort()).toMatchSnapshot()
  })

  test('error: the import finder sees every kind of import of a stand-in', () => {
    const file = join(src, 'features/captcha/verifyCaptcha.ts')
    const source = [
      "import { startTurnstileStandIn } from '../../testing/captcha/turnstileStandIn'",
      "export { createSoftAuthenticator } from '../../testing/passkeys/softAuthenticator'",
      "const twilio = await import('@foyer/server/testing')",
      "import '../../testing'",
      "import { createApp } from '../../createApp'",
    ].join('\n')
    expect(importSpecifiers(source).map((specifier) => isStandInImport(file, specifier))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ])
  })

  test('default: no production module imports a stand-in (stand-ins ship in a testing entry, docs/architecture.md)', () => {
    const modules = productionModules()
    // The walk sees the whole production source, so an empty result is not a vacuous pass.
    expect(modules).toContain(join(src, 'createApp.ts'))
    expect(modules).toContain(join(src, 'exports/index.ts'))
    expect(modules.length).toBeGreaterThan(50)
    const offenders = modules.flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => isStandInImport(file, specifier))
        .map((specifier) => `${relative(src, file)} imports ${specifier}`),
    )
    expect(offenders).toEqual([])
  })
})
