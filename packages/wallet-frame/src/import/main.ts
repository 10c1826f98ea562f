// Browser entry of the import page (`/apps/{appId}/embedded-wallets/import`): answers only
// `privy:iframe:ready`, `privy:mfa:clear` and `privy:wallets:import`; the key is typed into this page's own
// form and never leaves it (docs/embedded-wallets.md#imported-keys).
// biome-ignore-all assist/source/organizeImports: zodConfig comes first, so zod is configured before any
// module that defines a schema is evaluated (modules are evaluated in the order they are imported).
import { zodConfig } from '../frame/zodConfig'
import { installFrameListener } from '../frame/installFrameListener'
import { openKeyPage } from '../keyPage/openKeyPage'
import { createImportView } from './createImportView'

// Referenced so that bundlers honouring the package's `sideEffects: false` keep the module.
if (!zodConfig.jitless) throw new Error('zod must run jitless in the wallet frame')
const page = openKeyPage('import')
const view = createImportView(document, page.root, new URLSearchParams(location.search), page.host)
const handler = page.createHandler({ askImportKey: view.askImportKey })
installFrameListener({
  window,
  allowedOrigins: page.config.allowedOrigins,
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
