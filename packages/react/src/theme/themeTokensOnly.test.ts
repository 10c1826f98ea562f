// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { baseStyles } from './baseStyles'

const root = fileURLToPath(new URL('..', import.meta.url))
/** A colour written out instead of a `--foyer-*` token. */
const literalColour =
  /#[0-9a-fA-F]{3,8}\b|\brgba?\(|\bhsla?\(|\b(?:white|black|red|green|blue|gray|grey|orange|yellow|purple)\b(?=\s*[;'"})])/

/** QR codes stay black on white in every theme (scanners); the only allowed literals. */
const allowed = new Set(['ui/QrCode.tsx', 'screens/mfa/QrCode.tsx'])

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('theme tokens only', () => {
  it('default: no screen or ui component writes a colour; the style sheet draws only with tokens', () => {
    const offenders = [...sources(join(root, 'screens')), ...sources(join(root, 'ui'))]
      .map((path) => relative(root, path))
      .filter((file) => !allowed.has(file))
      .filter((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .some((line) => !/^\s*(\*|\/\/)/.test(line) && literalColour.test(line)),
      )
    expect(offenders).toEqual([])
    // The base sheet's only literals are the box model; every colour, radius and font is a variable.
    expect(baseStyles.match(literalColour)).toBeNull()
    // Monospace (addresses, code) is not a theme token; every other font is.
    expect(baseStyles).not.toMatch(/font-family:(?!var\(|ui-monospace)/)
  })
})
