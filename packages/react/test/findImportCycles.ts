import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/** A module graph: file → the files it imports. */
export type ImportGraph = Map<string, string[]>

const SOURCE_EXTENSIONS = ['.ts', '.tsx']

/** Every `.ts`/`.tsx` file under `dir`, test files excluded. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    const isSource = SOURCE_EXTENSIONS.some((extension) => name.endsWith(extension))
    return isSource && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** Resolves a relative specifier from `importer` to a file (`x`, `x.ts`, `x.tsx`, `x/index.ts`), or undefined. */
function resolveRelative(importer: string, specifier: string): string | undefined {
  const base = resolve(dirname(importer), specifier)
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => base + extension),
    ...SOURCE_EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ]
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile())
}

/**
 * The relative imports of every source file under `root`: static imports, `import type`, re-exports and
 * dynamic `import()` all count as edges (a lazily loaded screen that imports its registry back is a cycle
 * too). Package imports (`@foyer/core`, `react`) are left out.
 */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveRelative(file, specifier))
      .filter((target): target is string => target !== undefined)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/**
 * The import cycles of `graph`, one per strongly connected component with more than one file (or a file
 * importing itself), each as a path `a → b → … → a` relative to `root`. Tarjan's algorithm.
 *
 * @example
 * findImportCycles(new Map([['a', ['b']], ['b', ['a']]]), '') // [['a', 'b', 'a']]
 */
export function findImportCycles(graph: ImportGraph, root: string): string[][] {
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  let next = 0
  const visit = (file: string) => {
    index.set(file, next)
    lowLink.set(file, next)
    next++
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!))
      } else if (onStack.has(target)) lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!))
    }
    if (lowLink.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || graph.get(file)?.includes(file)) components.push(component)
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return components.map((component) =>
    cyclePath(graph, component).map((file) => relative(root, file) || file),
  )
}

/** One concrete cycle inside a strongly connected `component`, as a path that starts and ends at one file. */
function cyclePath(graph: ImportGraph, component: string[]): string[] {
  const members = new Set(component)
  const start = [...component].sort()[0]!
  // Breadth-first from `start` back to `start`, staying inside the component: the shortest cycle through it.
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue
      if (target === start) {
        const path = [file]
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!)
        return [...path, start]
      }
      if (!previous.has(target)) {
        previous.set(target, file)
        queue.push(target)
      }
    }
  }
  return [start, start]
}
