/**
 * The apps feature's services: app records and their keys, and the app store. The demo apps are seeded from
 * `src/demo/demoApps.ts`, outside the production store.
 */
export {
  type AppRecord,
  buildAppRow,
  type CreateAppRecordParameters,
  createAppRecord,
  findAppRecord,
  type LoadedApp,
  listAppRecords,
  loadApp,
  publicKeyOf,
  type RetiredAppKey,
  toAppConfig,
} from './appRecords'
export { type AppStore, createAppStore, updateAppSettings } from './appStore'
export { rotateSigningKey, type SigningKeyRotation } from './rotateSigningKey'
