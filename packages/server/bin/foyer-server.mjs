#!/usr/bin/env node
// The `foyer-server` CLI: the package ships TypeScript sources, so register tsx first.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli/main.ts')
try {
  const code = await main(process.argv.slice(2))
  if (code !== 0) process.exitCode = code
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
}
