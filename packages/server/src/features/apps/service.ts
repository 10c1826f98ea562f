/**
 * The apps feature's services: app records and their keys, the app store, and the demo apps.
 */
export {
  type AppRecord,
  type CreateAppRecordParameters,
  createAppRecord,
  findAppRecord,
  type LoadedApp,
  listAppRecords,
  loadApp,
  toAppConfig,
} from './appRecords'
export { type AppStore, createAppStore, updateAppSettings } from './appStore'
export {
  DEMO_APP_ID,
  DEMO_APP_NAME,
  DEMO_CAPTCHA_APP_ID,
  DEMO_CAPTCHA_APP_NAME,
  DEMO_PROVIDER_APP_ID,
  DEMO_PROVIDER_APP_NAME,
  DEMO_TERMS_APP_ID,
  DEMO_TERMS_APP_NAME,
  type SeedDemoAppParameters,
  seedDemoApp,
} from './demoApps'
