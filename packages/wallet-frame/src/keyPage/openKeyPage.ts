import { isOriginAllowed } from '@foyer/protocol'
import { createFrameApi } from '../frame/createFrameApi'
import {
  type CreateFrameHandlerParameters,
  createFrameHandler,
  type FrameHandler,
} from '../frame/createFrameHandler'
import { createIndexedDbDeviceKeyStore } from '../frame/createIndexedDbDeviceKeyStore'
import { createIndexedDbShareStore } from '../frame/createIndexedDbShareStore'
import { type FrameConfig, readFrameConfig } from '../frame/readFrameConfig'
import { storageUnavailableWarning } from '../frame/storageUnavailableWarning'
import type { KeyPageHost } from './prepareKeyPage'

/** The browser side of a key page, from {@link openKeyPage}. */
export type KeyPage = {
  config: FrameConfig
  /** The page's root element (`#foyer-export` / `#foyer-import`; the body when it is missing). */
  root: HTMLElement
  /** The host's messages, for the page's view: height and Escape, posted to the host page. */
  host: Required<KeyPageHost>
  /** The page's frame handler: the page's mode with the view's hooks (`showExport`, `askImportKey`, …). */
  createHandler(
    hooks: Pick<CreateFrameHandlerParameters, 'showExport' | 'askImportKey' | 'beforeExport'>,
  ): FrameHandler
}

/**
 * Starts the browser entry of the export or the import page (`/apps/{appId}/embedded-wallets/{page}`): reads
 * the frame config, finds the root, and posts only the height and Escape (docs/frame-protocol.md, "Export
 * page messages"; neither carries a key) to the parent at the origin of its first accepted request — the
 * allowed origins may be patterns, which postMessage cannot target — what comes before that request waits
 * for it. The handler talks to the server with the same device key as the hidden frame (one origin, one
 * IndexedDB); the export page's auth shares come from the export endpoint, which refuses guests
 * (docs/security.md property 54).
 *
 * @example const page = openKeyPage('export'); const view = createExportView(document, page.root, query, page.host)
 */
export function openKeyPage(page: 'export' | 'import'): KeyPage {
  const config = readFrameConfig(document, location)
  const root = document.getElementById(`foyer-${page}`) ?? document.body
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
  const label = page === 'export' ? 'wallet export' : 'wallet import'
  return {
    config,
    root,
    host: {
      onResize: (height) => tellHost({ type: 'foyer:export:resize', height }),
      onEscape: () => tellHost({ type: 'foyer:export:escape' }),
    },
    createHandler: (hooks) =>
      createFrameHandler({
        ...hooks,
        appId: config.appId,
        api: createFrameApi({
          baseUrl: '',
          appId: config.appId,
          clientId: config.clientId,
          analyticsId: config.analyticsId,
          purpose: page === 'export' ? 'export' : 'wallet',
          deviceKeys: createIndexedDbDeviceKeyStore(globalThis.indexedDB, { appId: config.appId }),
          origin: location.origin,
        }),
        deviceShares: createIndexedDbShareStore(globalThis.indexedDB, {
          onUnavailable: (error) => console.warn(storageUnavailableWarning(label, 'device share', error)),
        }),
        mode: page,
        onUnexpectedError: (error) =>
          console.error(
            `[foyer ${label}]`,
            error instanceof Error ? `${error.name}: ${error.message}` : 'error',
          ),
      }),
  }
}
