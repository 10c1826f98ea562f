import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/** The workspace packages from their TypeScript sources, not their build (docs/packaging.md). */
const sources = {
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@foyer/source', ...defaultServerConditions] } },
}

/**
 * The node project's module runner (`__vitest__`), which also loads its global set-ups (the PGlite template
 * imports the server's database code), from the sources too: without a build, the packages' `default` entry
 * does not exist.
 */
const nodeSources = {
  ...sources,
  environments: { __vitest__: { resolve: { conditions: ['@foyer/source', ...defaultServerConditions] } } },
}

/** Unit, component and server tests. End-to-end tests have their own config in `e2e/`. */
export default defineConfig({
  test: {
    // Two files at a time: Vitest's default on 2 cores is one worker (cores − 1), which leaves a core idle
    // while its process does little (docs/testing.md).
    maxWorkers: 2,
    projects: [
      {
        ...nodeSources,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/{protocol,core,server,node}/src/**/*.test.ts',
            'packages/wallet-frame/src/**/*.test.ts',
            // The wagmi connector against wagmi's core actions, and server rendering.
            'packages/wagmi/src/**/*.test.ts',
            // The fake API core and React tests share.
            'packages/protocol/test/**/*.test.ts',
            // One import graph over every package (docs/architecture.md).
            'scripts/**/*.test.ts',
            // The demo app's own helpers.
            'apps/demo/src/**/*.test.ts',
          ],
          testTimeout: 20_000,
          // Set-ups start servers on fresh PGlite databases: slow on 2 busy cores, not a failure.
          hookTimeout: 60_000,
          // PostgreSQL for the tests that need real concurrency (skipped when it is not installed), and one
          // migrated PGlite that each test file's in-memory database starts from (a copy).
          globalSetup: [
            'scripts/postgres/vitestGlobalSetup.mjs',
            'packages/server/src/test/pgliteTemplateGlobalSetup.ts',
          ],
        },
      },
      {
        ...sources,
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'react',
          environment: 'happy-dom',
          include: [
            'packages/react/src/**/*.test.{ts,tsx}',
            'packages/wagmi/src/**/*.test.tsx',
            'packages/console/src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['packages/react/test/testingLibraryTimeout.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
})
