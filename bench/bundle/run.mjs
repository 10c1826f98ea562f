#!/usr/bin/env node
import { fileURLToPath } from 'node:url'
// Bundle-size benchmark (docs/architecture.md "Budgets"): builds a React-only baseline and the same app with
// Foyer's provider, hook and login button, then prints the gzip bytes of the initial JavaScript that
// @foyer/react adds (budget: 50 kB) and the total including lazily loaded chunks. Not a test: it reports
// figures.
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, defaultClientConditions } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))
const BUDGET_BYTES = 50_000

/** Builds `entry` for production and returns its chunks (no files written). */
async function buildEntry(entry) {
  const result = await build({
    configFile: false,
    root: here,
    logLevel: 'silent',
    plugins: [react()],
    // @foyer/react from its TypeScript sources (docs/packaging.md).
    resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rollupOptions: { input: `${here}entries/${entry}` },
    },
  })
  const outputs = Array.isArray(result) ? result : [result]
  return outputs.flatMap((output) => output.output).filter((item) => item.type === 'chunk')
}

const gzipBytes = (code) => gzipSync(code, { level: 9 }).length

/** Splits chunks into the initial load (entry plus its static imports) and the lazy rest, in gzip bytes. */
function measure(chunks) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const initial = new Set()
  const visit = (fileName) => {
    if (initial.has(fileName)) return
    initial.add(fileName)
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported)
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName)
  let initialBytes = 0
  let totalBytes = 0
  for (const chunk of chunks) {
    const bytes = gzipBytes(chunk.code)
    totalBytes += bytes
    if (initial.has(chunk.fileName)) initialBytes += bytes
  }
  return { initialBytes, totalBytes, chunks: chunks.length }
}

const baseline = measure(await buildEntry('baseline.tsx'))
const foyer = measure(await buildEntry('foyer.tsx'))
const addedInitial = foyer.initialBytes - baseline.initialBytes
const addedTotal = foyer.totalBytes - baseline.totalBytes
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`

console.log(`React-only baseline:           initial ${kB(baseline.initialBytes)} gzip`)
console.log(`With @foyer/react:             initial ${kB(foyer.initialBytes)} gzip, ${foyer.chunks} chunks`)
console.log(
  `Added by @foyer/react, initial: ${kB(addedInitial)} gzip (budget ${kB(BUDGET_BYTES)}: ${addedInitial <= BUDGET_BYTES ? 'within' : 'OVER'})`,
)
console.log(`Added by @foyer/react, total including lazy chunks: ${kB(addedTotal)} gzip`)
