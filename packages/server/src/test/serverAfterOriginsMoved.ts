import { eq } from 'drizzle-orm'
import { apps } from '../features/apps/schema'
import { createTestContext, type TestContext, type TestContextOptions } from './createTestContext'

/**
 * Moves app `appId`'s allowed origins elsewhere (`https://elsewhere.example`) straight in `t`'s database, then
 * opens a second test server over the same database and master key, at real time, with `options` (its
 * methods): its app cache reads the new origins, for tests of an origin removed from the app after a
 * sign-in flow started. Close it after use.
 */
export async function serverAfterOriginsMoved(
  t: TestContext,
  appId: string,
  options: TestContextOptions,
): Promise<TestContext> {
  await t.db.orm
    .update(apps)
    .set({ allowedOrigins: ['https://elsewhere.example'] })
    .where(eq(apps.id, appId))
  return createTestContext({ db: t.db, masterKey: t.masterKey, now: () => Date.now(), ...options })
}
