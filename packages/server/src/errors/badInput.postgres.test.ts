// The bad-input cases on PostgreSQL, whose `text` and `jsonb` refuse U+0000 (SQLSTATE 22021, 22P05).
// Skipped without PostgreSQL (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it is
// installed, as `.ci/run` does).
import { describe } from 'vitest'
import { badInputSuite } from '../test/badInputSuite'
import { testPostgresUrl } from '../test/testPostgresUrl'
import { useTestContext } from '../test/useTestContext'

const postgresUrl = testPostgresUrl()
describe.skipIf(!postgresUrl)('bad input on PostgreSQL', () => {
  const t = useTestContext({ databaseUrl: postgresUrl })

  badInputSuite(() => t)
})
