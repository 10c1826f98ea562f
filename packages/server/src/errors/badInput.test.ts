import { afterAll, beforeAll, describe } from 'vitest'
import { badInputSuite } from '../test/badInputSuite'
import { createTestContext, type TestContext } from '../test/createTestContext'

let t: TestContext

beforeAll(async () => {
  t = await createTestContext()
})
afterAll(async () => {
  await t?.close()
})

describe('bad input on PGlite', () => {
  badInputSuite(() => t)
})
