import { defineConfig } from 'vitest/config'

/**
 * End-to-end tests: a real server on PGlite, the demo app on Vite's dev server, and Debian Chromium driven
 * by playwright-core. Files run one at a time: the machine has 2 cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
})
