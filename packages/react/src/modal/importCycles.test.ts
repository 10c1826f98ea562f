// @vitest-environment node
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findImportCycles, importGraph } from '../../test/findImportCycles'

const root = fileURLToPath(new URL('..', import.meta.url))

describe('import cycles', () => {
  it('default: none through the modal or the screens (static, type-only and lazy imports)', () => {
    const cycles = findImportCycles(importGraph(root), root)
      .filter((cycle) => cycle.some((file) => file.startsWith('modal/') || file.startsWith('screens/')))
      .map((cycle) => cycle.join(' → '))
    expect(cycles).toEqual([])
  })

  it('finds a cycle through a lazy import', () => {
    const graph = new Map([
      ['/src/modal/screens.ts', ['/src/screens/Foo/Foo.tsx']],
      ['/src/screens/Foo/Foo.tsx', ['/src/modal/ModalContext.ts', '/src/screens/Foo/params.ts']],
      ['/src/modal/ModalContext.ts', ['/src/modal/screens.ts']],
      ['/src/screens/Foo/params.ts', []],
    ])
    expect(findImportCycles(graph, '/src')).toEqual([
      ['modal/ModalContext.ts', 'modal/screens.ts', 'screens/Foo/Foo.tsx', 'modal/ModalContext.ts'],
    ])
  })

  it('finds a file importing itself', () => {
    expect(findImportCycles(new Map([['/src/a.ts', ['/src/a.ts']]]), '/src')).toEqual([['a.ts', 'a.ts']])
  })
})
