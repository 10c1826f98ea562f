import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { checkedFiles, findCitations, findCitationsIn } from './findCitations'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

describe('citations of documents outside the repository', () => {
  test('default: none in packages, e2e, interop, aa, scripts, bench, apps or docs', () => {
    expect(checkedFiles(root).length).toBeGreaterThan(1000)
    const found = findCitationsIn(root).map(({ file, line, text }) => `${file}:${line}: ${text}`)
    expect(found).toEqual([])
  })

  test('error: each kind of outside citation is found', () => {
    const text = [
      '/** The code length (spec 01 §9). */',
      '// Shapes of WIRE.md §12; see DESIGN.md "Budgets" and STYLE.md §3.',
      "test('refused (security checklist B.15; checklist I.55)', () => {})",
      '// The landing polish (issue 16 §1), Issues 3 and 4.',
      '/* STYLE §6 */',
    ].join('\n')
    expect(findCitations('example.ts', text).map(({ line, cites }) => `${line} ${cites}`)).toEqual([
      '1 the specification',
      '2 WIRE.md',
      '2 DESIGN.md',
      '2 STYLE.md',
      '3 the security checklist',
      '3 the security checklist',
      '4 an issue number',
      '4 an issue number',
      '5 STYLE.md',
    ])
  })

  test('default: docs pages, RFCs, EIPs and ordinary words are not citations', () => {
    const text = [
      '/** The code length (docs/limits.md); PKCE per RFC 7636 §4.2 and EIP-1193 errors. */',
      '// A verifier reads as a checklist: each check has one named failure (docs/security.md property 38).',
      'const EXTENSION_WIRE_NAMES = { specVersion: 2 }',
      '// Issues a code and tells the caller the spec of the request; a STYLE_ID constant.',
    ].join('\n')
    expect(findCitations('example.ts', text)).toEqual([])
  })
})
