// The code sign-in's atomicity and retries on PGlite (docs/sessions.md#sign-in-retries); the cases are in
// codeSignIn.cases.ts, shared with codeSignIn.postgres.test.ts.
import { describe } from 'vitest'
import { createTestContext } from '../../test/createTestContext'
import { codeSignInCases } from './codeSignIn.cases'

describe('code sign-in on PGlite: one statement, retries find the result', () => {
  codeSignInCases(() => createTestContext())
})
