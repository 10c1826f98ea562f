// The bad-input cases on PostgreSQL, whose `text` and `jsonb` refuse U+0000 (SQLSTATE 22021, 22P05).
// Skipped without PostgreSQL (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it is
// installed, as `.ci/run` does).
import { afterAll, beforeAll, describe } from 'vitest'
import { badInputSuite } from '../test/badInputSuite'
import { createTestContext, type TestContext } from '../test/createTestContext'
import { testPostgresUrl } from '../test/testPostgresUrl'

const postgresUrl = testPostgresUrl()
let t: TestContext

describe.skipIf(!postgresUrl)('bad input on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestContext({ databaseUrl: postgresUrl })
  })
  afterAll(async () => {
    await t?.close()
  })

  badInputSuite(() => t)
})
