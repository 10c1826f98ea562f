// Browser entry of the hidden wallet frame (`/apps/{appId}/embedded-wallets`), bundled by the server with
// esbuild. The frame runs on the server's origin: the device share and the device key live in that origin's
// IndexedDB (partitioned by the host's site, and refused by some browsers to a cross-site frame: then in
// memory, docs/security.md#the-wallet-frames-storage-across-sites); unlocked keys only in this page's memory.
// biome-ignore-all assist/source/organizeImports: zodConfig comes first, so zod is configured before any
// module that defines a schema is evaluated (modules are evaluated in the order they are imported).
import { zodConfig } from './zodConfig'
import { createFrameApi } from './createFrameApi'
import { createFrameHandler } from './createFrameHandler'
import { createIndexedDbDeviceKeyStore } from './createIndexedDbDeviceKeyStore'
import { createIndexedDbShareStore } from './createIndexedDbShareStore'
import { installFrameListener } from './installFrameListener'
import { readFrameConfig } from './readFrameConfig'
import { storageUnavailableWarning } from './storageUnavailableWarning'

// Referenced so that bundlers honouring the package's `sideEffects: false` keep the module.
if (!zodConfig.jitless) throw new Error('zod must run jitless in the wallet frame')
const config = readFrameConfig(document, location)
const api = createFrameApi({
  baseUrl: '',
  appId: config.appId,
  clientId: config.clientId,
  analyticsId: config.analyticsId,
  deviceKeys: createIndexedDbDeviceKeyStore(globalThis.indexedDB, {
    appId: config.appId,
    onUnavailable: (error) => console.warn(storageUnavailableWarning('wallet frame', 'device key', error)),
  }),
  origin: location.origin,
})
const handler = createFrameHandler({
  appId: config.appId,
  api,
  deviceShares: createIndexedDbShareStore(globalThis.indexedDB, {
    onUnavailable: (error) => console.warn(storageUnavailableWarning('wallet frame', 'device share', error)),
  }),
  mode: 'wallet',
  googleDriveApiUrl: config.googleDriveApiUrl,
  cloudKitApiUrl: config.cloudKitApiUrl,
  onUnexpectedError: (error) =>
    console.error(
      '[foyer wallet frame]',
      error instanceof Error ? `${error.name}: ${error.message}` : 'error',
    ),
})
installFrameListener({ window, allowedOrigins: config.allowedOrigins, handler })
