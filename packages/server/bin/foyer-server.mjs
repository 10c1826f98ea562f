#!/usr/bin/env node
// The `foyer-server` CLI. Installed as a package it runs the built JavaScript in dist/; inside the Foyer
// repository (where src/ exists, and dist/ may be missing or stale) it runs the TypeScript sources
// (docs/packaging.md).
import { existsSync } from 'node:fs'

const sources = new URL('../src/cli/main.ts', import.meta.url)
let main
if (existsSync(sources)) {
  await import(new URL('../../../scripts/registerSources.mjs', import.meta.url).href)
  ;({ main } = await import(sources.href))
} else {
  ;({ main } = await import('../dist/cli/main.js'))
}
try {
  const code = await main(process.argv.slice(2))
  if (code !== 0) process.exitCode = code
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
}
