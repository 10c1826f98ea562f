// The code sign-in's atomicity and retries on PostgreSQL with a connection pool, where parallel verifies
// really run at once (docs/sessions.md#sign-in-retries). Skipped without PostgreSQL
// (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it is installed).
import { describe } from 'vitest'
import { createTestContext } from '../../test/createTestContext'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { codeSignInCases } from './codeSignIn.cases'

const postgresUrl = testPostgresUrl()

describe.skipIf(!postgresUrl)('code sign-in on PostgreSQL: one statement, retries find the result', () => {
  codeSignInCases(() => createTestContext({ databaseUrl: postgresUrl }))
})
