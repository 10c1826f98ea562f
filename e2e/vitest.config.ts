import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * End-to-end tests: a real server on PGlite, the demo app on Vite's dev server, and Debian Chromium driven
 * by playwright-core. Files run one at a time: the machine has 2 cores. The global set-up starts the stack
 * the files share (support/sharedStackSetup.ts); files that need another server configuration start their
 * own with `startStack`.
 */
export default defineConfig({
  // The workspace packages from their TypeScript sources, not their build (docs/packaging.md).
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@foyer/source', ...defaultServerConditions] } },
  // The global set-up runs in Vitest's own environment: it imports the server from its sources too.
  environments: { __vitest__: { resolve: { conditions: ['@foyer/source', ...defaultServerConditions] } } },
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    globalSetup: ['support/sharedStackSetup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
})
