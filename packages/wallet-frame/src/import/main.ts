// Browser entry of the import page (`/apps/{appId}/embedded-wallets/import`): answers only
// `privy:iframe:ready`, `privy:mfa:clear` and `privy:wallets:import`; the key is typed into this page's own
// form and never leaves it (docs/embedded-wallets.md#imported-keys).
// biome-ignore-all assist/source/organizeImports: zodConfig comes first, so zod is configured before any
// module that defines a schema is evaluated (modules are evaluated in the order they are imported).
import { zodConfig } from '../frame/zodConfig'
import { isOriginAllowed } from '@foyer/protocol'
import { createFrameApi } from '../frame/createFrameApi'
import { createFrameHandler } from '../frame/createFrameHandler'
import { createIndexedDbDeviceKeyStore } from '../frame/createIndexedDbDeviceKeyStore'
import { createIndexedDbShareStore } from '../frame/createIndexedDbShareStore'
import { installFrameListener } from '../frame/installFrameListener'
import { readFrameConfig } from '../frame/readFrameConfig'
import { storageUnavailableWarning } from '../frame/storageUnavailableWarning'
import { createImportView } from './createImportView'

// Referenced so that bundlers honouring the package's `sideEffects: false` keep the module.
if (!zodConfig.jitless) throw new Error('zod must run jitless in the wallet frame')
const config = readFrameConfig(document, location)
const root = document.getElementById('foyer-import') ?? document.body
// The height and Escape go to the parent at the origin of its first accepted request, as on the export page
// (docs/frame-protocol.md, "Export page messages"); neither carries the key.
let hostOrigin: string | undefined
const pending: { type: string; height?: number }[] = []
const tellHost = (message: { type: string; height?: number }) => {
  if (hostOrigin) window.parent.postMessage(message, hostOrigin)
  else pending.push(message)
}
window.addEventListener('message', (event) => {
  if (hostOrigin || event.source !== window.parent || !isOriginAllowed(config.allowedOrigins, event.origin))
    return
  hostOrigin = event.origin
  for (const message of pending.splice(0)) tellHost(message)
})
const view = createImportView(document, root, new URLSearchParams(location.search), {
  onResize: (height) => tellHost({ type: 'foyer:export:resize', height }),
  onEscape: () => tellHost({ type: 'foyer:export:escape' }),
})
const handler = createFrameHandler({
  appId: config.appId,
  api: createFrameApi({
    baseUrl: '',
    appId: config.appId,
    clientId: config.clientId,
    analyticsId: config.analyticsId,
    purpose: 'wallet',
    // The same device key as the hidden frame: one origin, one IndexedDB.
    deviceKeys: createIndexedDbDeviceKeyStore(globalThis.indexedDB, { appId: config.appId }),
    origin: location.origin,
  }),
  deviceShares: createIndexedDbShareStore(globalThis.indexedDB, {
    onUnavailable: (error) => console.warn(storageUnavailableWarning('wallet import', 'device share', error)),
  }),
  mode: 'import',
  askImportKey: view.askImportKey,
  onUnexpectedError: (error) =>
    console.error(
      '[foyer wallet import]',
      error instanceof Error ? `${error.name}: ${error.message}` : 'error',
    ),
})
installFrameListener({
  window,
  allowedOrigins: config.allowedOrigins,
  handler: {
    ...handler,
    async handle(message) {
      const reply = await handler.handle(message)
      if ((message as { event?: unknown } | null)?.event === 'privy:wallets:import') {
        if ('error' in reply && reply.error) view.showError(reply.error.message)
        else if ('data' in reply) view.showImported((reply.data as { address: string }).address)
      }
      return reply
    },
  },
})
