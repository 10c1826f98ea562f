#!/usr/bin/env node
// Console page size (docs/console.md "The page"): builds the operator console as the server does
// (`bundleConsole`, esbuild) and prints, raw and gzip, the JavaScript and CSS loaded at start (the entry
// script, the chunks it imports statically, the style sheet) and every file of the build (the pages and
// the modal's screens load lazily). Not a test: it reports figures.
import '../../scripts/registerSources.mjs'
import { gzipSync } from 'node:zlib'

const { bundleConsole } = await import('../../packages/server/src/features/console/page/bundleConsole.ts')
const bundle = await bundleConsole()
const byName = new Map(bundle.files.map((file) => [file.fileName, file.contents]))

/** The entry and every chunk it reaches through static `import … from "./chunk-….js"` statements. */
function initialFiles(entry) {
  const seen = new Set()
  const visit = (name) => {
    if (seen.has(name) || !byName.has(name)) return
    seen.add(name)
    const text = new TextDecoder().decode(byName.get(name))
    for (const match of text.matchAll(
      /(?:^|[;}\n])\s*import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+)["']/g,
    ))
      visit(match[1])
  }
  visit(entry)
  return [...seen]
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const sizes = (names) =>
  names.reduce(
    (sum, name) => {
      const contents = byName.get(name) ?? new Uint8Array()
      return {
        raw: sum.raw + contents.byteLength,
        gzip: sum.gzip + gzipSync(contents, { level: 9 }).byteLength,
      }
    },
    { raw: 0, gzip: 0 },
  )
const initial = [...initialFiles(bundle.script), ...(bundle.style ? [bundle.style] : [])]
const all = bundle.files.map((file) => file.fileName)
const start = sizes(initial)
const total = sizes(all)
process.stdout.write(
  `console at start: ${initial.length} files, ${kB(start.raw)} (${kB(start.gzip)} gzip)\n` +
    `console build: ${all.length} files, ${kB(total.raw)} (${kB(total.gzip)} gzip)\n`,
)
