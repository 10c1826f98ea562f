/** One message the fake frame received: what the host posted, and the target origin it named. */
export type PostedMessage = { message: { id: string; event: string; data: unknown }; targetOrigin: string }

/** How the fake frame answers a request: a reply object, or `undefined` for silence. */
export type FrameBehavior = (request: { id: string; event: string; data: unknown }) => unknown

/**
 * A stand-in for a browser window with one wallet frame, enough for `createWalletProxy` in Node: the host
 * window's message listeners, `document.createElement('iframe')`, and a frame window whose `postMessage`
 * records what it got and answers through `behavior`, as a message from `frameOrigin` whose source is the
 * frame window. `dispatch` sends any message to the host as if from another origin or window.
 */
export function createFakeWindow(options: {
  frameOrigin: string
  behavior: FrameBehavior
  loadDelayMs?: number
}) {
  const listeners = new Set<(event: MessageEvent) => void>()
  const posted: PostedMessage[] = []
  const mounted: FakeIframe[] = []
  const dispatch = (event: { origin: string; source: unknown; data: unknown }) => {
    for (const listener of [...listeners]) listener(event as MessageEvent)
  }

  type FakeIframe = {
    src: string
    title: string
    allow: string
    tabIndex: number
    style: { cssText: string }
    attributes: Record<string, string>
    contentWindow: { postMessage(message: unknown, targetOrigin: string): void } | null
    setAttribute(name: string, value: string): void
    addEventListener(type: string, listener: () => void): void
    remove(): void
  }

  const createIframe = (): FakeIframe => {
    const loadListeners: Array<() => void> = []
    const frameWindow = {
      postMessage(message: unknown, targetOrigin: string) {
        const request = message as PostedMessage['message']
        posted.push({ message: request, targetOrigin })
        if (targetOrigin !== options.frameOrigin) return
        const reply = options.behavior(request)
        if (reply !== undefined) {
          queueMicrotask(() => dispatch({ origin: options.frameOrigin, source: frameWindow, data: reply }))
        }
      },
    }
    const iframe: FakeIframe = {
      src: '',
      title: '',
      allow: '',
      tabIndex: 0,
      style: { cssText: '' },
      attributes: {},
      contentWindow: frameWindow,
      setAttribute(name, value) {
        iframe.attributes[name] = value
      },
      addEventListener(type, listener) {
        if (type === 'load') loadListeners.push(listener)
      },
      remove() {
        const index = mounted.indexOf(iframe)
        if (index >= 0) mounted.splice(index, 1)
      },
    }
    setTimeout(() => {
      for (const listener of loadListeners) listener()
    }, options.loadDelayMs ?? 0)
    return iframe
  }

  const window = {
    crypto: globalThis.crypto,
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.add(listener)
    },
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.delete(listener)
    },
    document: {
      createElement: () => createIframe(),
      body: { appendChild: (iframe: FakeIframe) => mounted.push(iframe) },
    },
  }
  return { window: window as unknown as Window, posted, mounted, listeners, dispatch }
}
