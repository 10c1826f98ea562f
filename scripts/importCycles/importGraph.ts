import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import madge from 'madge'

/** The repository's root folder. */
export const repositoryRoot = join(import.meta.dirname, '..', '..')

/** The folders whose TypeScript sources the import graph covers: every workspace package, app, e2e, bench. */
export const sourceFolders = [
  ...readdirSync(join(repositoryRoot, 'packages')).map((name) => `packages/${name}`),
  ...readdirSync(join(repositoryRoot, 'apps')).map((name) => `apps/${name}`),
  'e2e',
  'bench',
  'scripts',
]

/**
 * `paths` for the TypeScript resolver: each workspace package's exported entry (`@foyer/core/funding`) to its
 * source file, read from the `@foyer/source` condition of the package's `exports` (docs/packaging.md). So an
 * import of another package is an edge to that package's file, and a cycle through two packages is found.
 */
export function workspacePaths(root: string = repositoryRoot): Record<string, string[]> {
  const paths: Record<string, string[]> = {}
  for (const name of readdirSync(join(root, 'packages'))) {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as {
      name: string
      exports?: Record<string, string | Record<string, string>>
    }
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = typeof target === 'string' ? target : target['@foyer/source']
      if (source === undefined || !/\.tsx?$/.test(source)) continue
      paths[manifest.name + subpath.slice(1)] = [join('packages', name, source)]
    }
  }
  return paths
}

/** Options every detective shares: `import type` and lazy `import()` are edges like a static import. */
const detective = { skipTypeImports: false, skipAsyncImports: false, mixedImports: true }

/**
 * The import graph of `folders` (relative to `root`, which holds `packages/`) as madge builds it: file → the
 * files it imports, paths relative to `root`. Static imports, re-exports, `import type` and dynamic `import()`
 * are all edges; packages from npm are left out; the workspace packages resolve to their sources. Generated
 * and fixture trees (`dist`, `node_modules`, the packed-install apps) are excluded.
 *
 * @example
 * (await importGraph()).circular() // [] — or each cycle as ['packages/a.ts', 'packages/b.ts'] (b imports a back)
 */
export async function importGraph(folders: string[] = sourceFolders, root: string = repositoryRoot) {
  return madge(
    folders.map((folder) => join(root, folder)),
    {
      baseDir: root,
      fileExtensions: ['ts', 'tsx', 'mts', 'js', 'mjs'],
      excludeRegExp: [/(^|\/)(node_modules|dist|coverage)\//, /e2e\/packedInstall\/fixtures\//],
      tsConfig: {
        compilerOptions: {
          module: 'preserve',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          baseUrl: root,
          paths: workspacePaths(root),
        },
      },
      detectiveOptions: { ts: detective, tsx: detective, es6: detective },
    },
  )
}
