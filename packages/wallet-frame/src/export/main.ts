// Browser entry of the export page (`/apps/{appId}/embedded-wallets/export`): answers only
// `privy:iframe:ready` and `privy:wallets:export`, and shows the key inside this frame (docs/modal.md).
// biome-ignore-all assist/source/organizeImports: zodConfig comes first, so zod is configured before any
// module that defines a schema is evaluated (modules are evaluated in the order they are imported).
import { zodConfig } from '../frame/zodConfig'
import { installFrameListener } from '../frame/installFrameListener'
import { openKeyPage } from '../keyPage/openKeyPage'
import { createExportView } from './createExportView'
import { readUrlExportRequest } from './readUrlExportRequest'

// Referenced so that bundlers honouring the package's `sideEffects: false` keep the module.
if (!zodConfig.jitless) throw new Error('zod must run jitless in the wallet frame')
const page = openKeyPage('export')
// The reference client names the export in the URL and embeds the page as a row of Copy buttons
// (docs/interop.md); Foyer's SDK posts `privy:wallets:export` and shows the key in the page.
const urlExport = readUrlExportRequest(location.search, location.hash)
// The token leaves the URL at once (history, a copied link); it stays only in this request.
if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`)
let compact = urlExport !== null
const view = createExportView(document, page.root, new URLSearchParams(location.search), page.host)
const handler = page.createHandler({
  showExport: (key) => (compact ? view.showCopyButtons(key) : view.show(key)),
  // MFA hook: when MFA lands, verify a fresh MFA here before any key is shown (docs/modal.md).
  beforeExport: async () => {},
})
installFrameListener({ window, allowedOrigins: page.config.allowedOrigins, handler })
// The page's CSP `frame-ancestors` limits who may embed it to the app's allowed origins, the same list that
// guards posted requests.
if (urlExport)
  void handler.handle({ id: 'url-export', event: 'privy:wallets:export', data: urlExport }).then((reply) => {
    if ('error' in reply && reply.error) view.showError(reply.error.message)
    // A later posted export shows the full page.
    compact = false
  })
