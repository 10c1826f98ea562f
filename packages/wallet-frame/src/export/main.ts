// Browser entry of the export page (`/apps/{appId}/embedded-wallets/export`): answers only
// `privy:iframe:ready` and `privy:wallets:export`, and shows the key inside this frame (docs/modal.md).
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
import { createExportView } from './createExportView'
import { readUrlExportRequest } from './readUrlExportRequest'

// Referenced so that bundlers honouring the package's `sideEffects: false` keep the module.
if (!zodConfig.jitless) throw new Error('zod must run jitless in the wallet frame')
const config = readFrameConfig(document, location)
const root = document.getElementById('foyer-export') ?? document.body
// Only the height and Escape are posted (docs/frame-protocol.md, "Export page messages"), to the parent at the
// origin of its first accepted request (the allowed origins may be patterns, which postMessage cannot target);
// what comes before that request waits for it.
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
// The reference client names the export in the URL and embeds the page as a row of Copy buttons
// (docs/interop.md); Foyer's SDK posts `privy:wallets:export` and shows the key in the page.
const urlExport = readUrlExportRequest(location.search, location.hash)
// The token leaves the URL at once (history, a copied link); it stays only in this request.
if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`)
let compact = urlExport !== null
const view = createExportView(document, root, new URLSearchParams(location.search), {
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
    // Auth shares for export come from the export endpoint, which refuses guests (docs/security.md property
    // 54).
    purpose: 'export',
    // The same device key as the hidden frame: one origin, one IndexedDB.
    deviceKeys: createIndexedDbDeviceKeyStore(globalThis.indexedDB, { appId: config.appId }),
    origin: location.origin,
  }),
  deviceShares: createIndexedDbShareStore(globalThis.indexedDB, {
    onUnavailable: (error) => console.warn(storageUnavailableWarning('wallet export', 'device share', error)),
  }),
  mode: 'export',
  showExport: (key) => (compact ? view.showCopyButtons(key) : view.show(key)),
  // MFA hook: when MFA lands, verify a fresh MFA here before any key is shown (docs/modal.md).
  beforeExport: async () => {},
  onUnexpectedError: (error) =>
    console.error(
      '[foyer wallet export]',
      error instanceof Error ? `${error.name}: ${error.message}` : 'error',
    ),
})
installFrameListener({ window, allowedOrigins: config.allowedOrigins, handler })
// The page's CSP `frame-ancestors` limits who may embed it to the app's allowed origins, the same list that
// guards posted requests.
if (urlExport)
  void handler.handle({ id: 'url-export', event: 'privy:wallets:export', data: urlExport }).then((reply) => {
    if ('error' in reply && reply.error) view.showError(reply.error.message)
    // A later posted export shows the full page.
    compact = false
  })
