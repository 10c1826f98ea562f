import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { importGraph } from './importGraph'

/** Writes `files` (path → text) under a fresh folder and returns it. */
function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'foyer-import-cycles-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const trees: string[] = []
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true })
})

/** The cycles madge finds in a tree of two packages, `@x/a` and `@x/b`, each exporting `src/index.ts`. */
async function cyclesOf(files: Record<string, string>): Promise<string[][]> {
  const manifest = (name: string) =>
    JSON.stringify({ name, exports: { '.': { '@foyer/source': './src/index.ts' } } })
  const root = writeTree({
    'packages/a/package.json': manifest('@x/a'),
    'packages/b/package.json': manifest('@x/b'),
    ...files,
  })
  trees.push(root)
  return (await importGraph(['packages/a', 'packages/b'], root)).circular()
}

describe('import cycles', () => {
  it('default: none in any package, app, e2e, bench or script (static, type-only and lazy imports)', async () => {
    const graph = await importGraph()
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(1000)
    expect(graph.circular().map((cycle) => cycle.join(' → '))).toEqual([])
  }, 120_000)

  // Each tree closes one cycle between its two files, by a different kind of import.
  it.each([
    {
      name: 'finds a cycle closed by a lazy import()',
      files: {
        'packages/a/src/index.ts': "export const load = () => import('./routes')\n",
        'packages/a/src/routes.ts': "import { load } from './index'\nexport const routes = [load]\n",
      },
    },
    {
      name: 'finds a cycle closed by a type-only import',
      files: {
        'packages/a/src/index.ts': "import type { Routes } from './routes'\nexport type Index = Routes[]\n",
        'packages/a/src/routes.ts':
          "import type { Index } from './index'\nexport type Routes = { index: Index }\n",
      },
    },
    {
      name: 'finds a cycle through two packages imported by name',
      files: {
        'packages/a/src/index.ts': "import { b } from '@x/b'\nexport const a = () => b\n",
        'packages/b/src/index.ts': "import { a } from '@x/a'\nexport const b = () => a\n",
      },
    },
  ])('$name', async ({ files }) => {
    const cycles = await cyclesOf(files)
    expect(cycles).toEqual([Object.keys(files)])
  })

  it('finds none in a tree without one', async () => {
    const cycles = await cyclesOf({
      'packages/a/src/index.ts':
        "import { b } from '@x/b'\nexport const a = () => import('./lazy').then(() => b)\n",
      'packages/a/src/lazy.ts': 'export const lazy = 1\n',
      'packages/b/src/index.ts': 'export const b = 2\n',
    })
    expect(cycles).toEqual([])
  })
})
