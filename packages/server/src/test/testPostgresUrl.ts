import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A throwaway PostgreSQL database for this run, or '' when none (scripts/postgres/vitestGlobalSetup.mjs). */
    postgresUrl: string
  }
}

/**
 * The PostgreSQL database of this test run: `FOYER_TEST_DATABASE_URL`, else the throwaway cluster the global
 * set-up started (PostgreSQL installed, as `.ci/run` does), else `undefined` (tests that need it skip).
 */
export function testPostgresUrl(): string | undefined {
  return inject('postgresUrl') || undefined
}
