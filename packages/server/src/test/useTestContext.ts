import { afterAll, beforeAll } from 'vitest'
import { createTestContext, type TestContext, type TestContextOptions } from './createTestContext'

/**
 * The test file's shared {@link TestContext} (one server and database per file: PGlite starts slowly):
 * created by a `beforeAll` hook (allowed 60 s) with `options`, closed by an `afterAll` hook. The returned
 * object is filled in when the hook has run, so read it inside tests and hooks only.
 *
 * @example
 * const t = useTestContext()
 * test('signs in', async () => { await t.signIn() })
 */
export function useTestContext(options?: TestContextOptions): TestContext {
  const context = {} as TestContext
  beforeAll(async () => {
    Object.assign(context, await createTestContext(options))
  }, 60_000)
  afterAll(async () => {
    await context.close?.()
  })
  return context
}
