import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * The interop suite (docs/interop.md): the published reference clients, pinned in this folder's own
 * lockfile, against one shared Foyer server with the local stand-ins. The global set-up installs the clients
 * when needed and starts the stack; files run one at a time (the machine has 2 cores).
 */
export default defineConfig({
  // Foyer's packages from their TypeScript sources, as in e2e (docs/packaging.md).
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@foyer/source', ...defaultServerConditions] } },
  // The global set-up runs in Vitest's own environment: the same sources there.
  environments: { __vitest__: { resolve: { conditions: ['@foyer/source', ...defaultServerConditions] } } },
  test: {
    name: 'interop',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    environment: 'node',
    globalSetup: ['support/globalSetup.ts'],
    fileParallelism: false,
    // One worker for every file: the clients, viem and playwright-core are imported once, not once per file.
    // Files keep their state in their own modules; what the support modules keep (the page-origin `fetch`,
    // the fresh-address counter) holds for the whole run.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
