import { isOriginAllowed } from '@foyer/protocol'
import type { FrameHandler } from './createFrameHandler'

/** The part of `window` the listener uses (a fake in node tests). */
export type FrameWindow = {
  parent: unknown
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export type InstallFrameListenerParameters = {
  window: FrameWindow
  /** The app's allowed origins (exact or `scheme://host:*`), from the server's page config. */
  allowedOrigins: readonly string[]
  handler: FrameHandler
}

/**
 * Listens for host requests (docs/conventions.md "The frame protocol", docs/security.md property 59): a
 * message is handled only when `event.source` is the embedding window (`window.parent`, and the page is
 * framed) AND `event.origin` is one of the app's allowed origins; anything else is dropped without a reply.
 * The reply goes to that window with `targetOrigin` = the request's origin, never `*`. Returns the uninstall
 * function.
 *
 * @example installFrameListener({ window, allowedOrigins: config.allowedOrigins, handler })
 */
export function installFrameListener(parameters: InstallFrameListenerParameters): () => void {
  const { window: frameWindow, allowedOrigins, handler } = parameters
  const listener = (event: MessageEvent) => {
    const source = event.source
    if (source === null || source !== frameWindow.parent || frameWindow.parent === frameWindow) return
    const origin = event.origin
    if (!isOriginAllowed(allowedOrigins, origin)) return
    void handler.handle(event.data).then((reply) => {
      ;(source as Window).postMessage(reply, origin)
    })
  }
  frameWindow.addEventListener('message', listener)
  return () => frameWindow.removeEventListener('message', listener)
}
