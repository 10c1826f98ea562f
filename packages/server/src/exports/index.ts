export { type CreateAppOptions, createApp } from '../createApp'
export type { FoyerDatabase, FoyerOrm } from '../db/FoyerDatabase'
export { migrate, migrationsFolder } from '../db/migrate'
export { type OpenDatabaseParameters, openDatabase } from '../db/openDatabase'
export { errorStatus } from '../errors/errorStatus'
export { FoyerHttpError } from '../errors/FoyerHttpError'
export {
  type AppRecord,
  type CreateAppRecordParameters,
  createAppRecord,
  DEMO_APP_ID,
  DEMO_APP_NAME,
  findAppRecord,
  listAppRecords,
  type SeedDemoAppParameters,
  seedDemoApp,
} from '../features/apps/service'
export type { DevMailboxMessage } from '../features/mail/devMailbox'
