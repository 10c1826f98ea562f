import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { expect, test } from 'vitest'

// The sign-in path must not carry zod (contract: provider + hooks + landing ≤ 50 kB gzip). The real budget
// is measured in bench/; this guards core's share of it on every test run. Lazily imported modules
// (`@simplewebauthn/browser`) go to their own chunks: only the entry chunk is initial. 9.5 KiB holds the
// session core (restore, refresh with retries and idempotency keys, cross-tab lock and logout sync, cookies,
// page-load parameters), the code methods and the passkey methods (sign-in, sign-up, link); every other
// method lives in a subpath entry of its own (`@foyer/core/oauth` …) and does not count here. A host app
// bundles only what it imports: the React SDK's initial share is measured by `npm run bench:bundle`.
test('behavior: the minified barrel bundles without zod and stays small', async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
    bundle: true,
    // The workspace packages' TypeScript sources (docs/packaging.md).
    conditions: ['@foyer/source'],
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    splitting: true,
    outdir: 'out',
    entryNames: 'entry',
    logLevel: 'silent',
  })
  const code = result.outputFiles.find((file) => file.path.endsWith('entry.js'))?.text ?? ''
  expect(code).not.toMatch(/zod/i)
  expect(gzipSync(code).length).toBeLessThan(9.5 * 1024)
})
