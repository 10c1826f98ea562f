import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { expect, test } from 'vitest'

// The sign-in path must not carry zod (contract: provider + hooks + landing ≤ 50 kB gzip). The real budget
// is measured in bench/; this guards core's share of it on every test run.
test('behavior: the minified barrel bundles without zod and stays small', async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text ?? ''
  expect(code).not.toMatch(/zod/i)
  expect(gzipSync(code).length).toBeLessThan(8 * 1024)
})
