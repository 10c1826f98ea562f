import {
  type FrameEvent,
  type FrameReplyData,
  type FrameRequestData,
  frameMessageSchemas,
  frameReplySchema,
  WALLET_PROXY_READY_TIMEOUT_MS,
  WALLET_RPC_TIMEOUT_MS,
} from '@foyer/protocol'
import { WalletProxyError } from '../errors/WalletProxyError'

/** Parameters of {@link createWalletProxy}. */
export type CreateWalletProxyParameters = {
  /** The frame page, e.g. `http://127.0.0.1:8787/apps/<appId>/embedded-wallets?caid=…&client_id=…`. */
  frameUrl: string
  /**
   * Puts the frame into the page; default `document.body.appendChild`. The frame is already styled at size 0
   * and hidden from assistive technology.
   */
  mount?: ((iframe: HTMLIFrameElement) => void) | undefined
  /** Default time allowed for one request, in ms; default `WALLET_RPC_TIMEOUT_MS` (60 000). */
  timeoutMs?: number | undefined
  /**
   * Default time a caller waits for the ready handshake, in ms; default `WALLET_PROXY_READY_TIMEOUT_MS`
   * (15 000). One call can wait longer with `ready({ timeoutMs })`.
   */
  readyTimeoutMs?: number | undefined
  /** Interval between two ready pings, in ms; default 100. */
  readyIntervalMs?: number | undefined
  /**
   * CSS of a VISIBLE frame (e.g. the export frame inside the modal). Default: hidden at size 0, out of the
   * tab order and of the accessibility tree.
   */
  style?: string | undefined
  /** The window whose document hosts the frame; default `globalThis.window`. */
  window?: Window | undefined
}

/** Options of one {@link WalletProxy} request. */
export type WalletProxyRequestOptions = {
  /** Time allowed for this request, in ms; default the proxy's `timeoutMs`. */
  timeoutMs?: number | undefined
}

/** Options of {@link WalletProxy.ready}. */
export type WalletProxyReadyOptions = {
  /**
   * Time this caller waits for the handshake, in ms; default the proxy's `readyTimeoutMs` (15 000). The
   * password screen waits `WALLET_PROXY_PASSWORD_READY_TIMEOUT_MS` (30 000; docs/limits.md).
   */
  timeoutMs?: number | undefined
}

/** The host side of the wallet frame protocol (docs/api.md, docs/modal.md). */
export type WalletProxy = {
  /** The frame's origin: the only origin messages are posted to and accepted from. */
  readonly frameOrigin: string
  /** The hidden frame. */
  readonly iframe: HTMLIFrameElement
  /**
   * Resolves once the frame answered the `privy:iframe:ready` handshake. One handshake is shared by every
   * caller; each caller waits its own `timeoutMs` and is rejected with `'wallet_proxy_timeout'` after it. The
   * pings stop when the frame answers or when every caller has stopped waiting (a later call starts again).
   */
  ready(options?: WalletProxyReadyOptions): Promise<void>
  /**
   * Sends `{ id, event, data }` to the frame once it is ready and resolves with the reply's `data`, both
   * checked against the event's schemas.
   */
  request<Event extends Exclude<FrameEvent, 'privy:iframe:ready'>>(
    event: Event,
    data: FrameRequestData<Event>,
    options?: WalletProxyRequestOptions,
  ): Promise<FrameReplyData<Event>>
  /** Removes the frame and the listener, and rejects every pending request. Idempotent. */
  destroy(): void
}

type Pending = {
  event: FrameEvent
  resolve(data: unknown): void
  reject(error: unknown): void
  /** The request's own timer; the handshake has none (each of its callers has one). */
  timer?: ReturnType<typeof setTimeout> | undefined
}

/** The handshake under way: its answer, how many callers still wait for it, and how to stop its pings. */
type Handshake = { answered: Promise<void>; waiters: number; stop(): void }

/**
 * Mounts the hidden wallet frame (size 0, `allow` for passkeys) and speaks its postMessage protocol
 * (docs/conventions.md "The frame protocol"): every request has an id, a timeout and cleanup; every
 * `postMessage` names the frame's origin; the listener accepts only messages whose `event.origin` is the
 * frame's origin AND whose `event.source` is the frame's window; replies are checked with the protocol's zod
 * schemas, and requests before they leave. The handshake posts `privy:iframe:ready` every `readyIntervalMs`
 * until the frame answers.
 *
 * @throws {WalletProxyError} from `request`: the frame's error (`code` = its `type`, `rpcCode` = its code),
 *   `'wallet_proxy_timeout'`, `'wallet_proxy_destroyed'`, `'wallet_proxy_invalid_reply'`,
 *   `'invalid_request_arguments'` (the request failed its schema; nothing was sent).
 * @throws {WalletProxyError} `'wallet_proxy_unavailable'` at creation when there is no document.
 * @example
 * const proxy = createWalletProxy({ frameUrl: `${apiUrl}/apps/${appId}/embedded-wallets?caid=${caid}&client_id=${clientId}` })
 * const wallet = await proxy.request('privy:wallets:create', { accessToken })
 * proxy.destroy()
 */
export function createWalletProxy(parameters: CreateWalletProxyParameters): WalletProxy {
  const win = parameters.window ?? (typeof window === 'undefined' ? undefined : window)
  if (!win?.document) {
    throw new WalletProxyError('There is no document to mount the wallet frame in.', {
      code: 'wallet_proxy_unavailable',
    })
  }
  const frameOrigin = new URL(parameters.frameUrl).origin
  const defaultTimeoutMs = parameters.timeoutMs ?? WALLET_RPC_TIMEOUT_MS
  const pending = new Map<string, Pending>()
  let counter = 0
  let destroyed = false
  const idPrefix = Array.from(win.crypto.getRandomValues(new Uint8Array(6)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
  const nextId = () => `${idPrefix}-${++counter}`

  const iframe = win.document.createElement('iframe')
  iframe.src = parameters.frameUrl
  iframe.title = 'Foyer wallet'
  iframe.allow = 'publickey-credentials-get *; publickey-credentials-create *; clipboard-write'
  if (parameters.style === undefined) {
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
    iframe.style.cssText =
      'position:absolute;width:0;height:0;border:0;padding:0;margin:0;opacity:0;pointer-events:none;'
  } else iframe.style.cssText = parameters.style

  const onMessage = (message: MessageEvent) => {
    // Both checks: the origin alone would accept a second frame of the same server (docs/conventions.md "The
    // frame protocol").
    if (message.origin !== frameOrigin || message.source !== iframe.contentWindow) return
    const reply = frameReplySchema.safeParse(message.data)
    const id = readId(message.data)
    const entry = id === undefined ? undefined : pending.get(id)
    if (!entry || id === undefined) return
    settle(id)
    clearTimeout(entry.timer)
    if (!reply.success || reply.data.event !== entry.event) {
      entry.reject(invalidReply(entry.event, reply.success ? undefined : reply.error))
      return
    }
    if ('error' in reply.data) {
      const { error } = reply.data
      entry.reject(
        new WalletProxyError(error.message, { code: error.type, rpcCode: error.code, event: entry.event }),
      )
      return
    }
    const data = frameMessageSchemas[entry.event].reply.safeParse(reply.data.data)
    if (data.success) entry.resolve(data.data)
    else entry.reject(invalidReply(entry.event, data.error))
  }
  const settle = (id: string) => pending.delete(id)

  // Pings start once the frame's page has loaded: before that its window is an about:blank of ours.
  let loaded = false
  let pingNow: (() => void) | undefined
  iframe.addEventListener(
    'load',
    () => {
      loaded = true
      pingNow?.()
    },
    { once: true },
  )
  win.addEventListener('message', onMessage)
  if (parameters.mount) parameters.mount(iframe)
  else win.document.body.appendChild(iframe)

  const post = (id: string, event: FrameEvent, data: unknown) => {
    iframe.contentWindow?.postMessage({ id, event, data }, frameOrigin)
  }

  /** Registers a pending request and returns its promise; the timer rejects and cleans it up. */
  const track = (id: string, event: FrameEvent, timeoutMs: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (destroyed) {
        reject(destroyedError(event))
        return
      }
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(
          new WalletProxyError(`The wallet frame did not answer ${event} within ${timeoutMs} ms.`, {
            code: 'wallet_proxy_timeout',
            event,
          }),
        )
      }, timeoutMs)
      pending.set(id, { event, resolve, reject, timer })
    })

  let isReady = false
  let handshake: Handshake | undefined
  /** Pings `privy:iframe:ready` every `readyIntervalMs` (once the page has loaded) until the frame answers. */
  const startHandshake = (): Handshake => {
    const id = nextId()
    const answered = new Promise<void>((resolve, reject) => {
      pending.set(id, { event: 'privy:iframe:ready', resolve: () => resolve(), reject })
    })
    const ping = () => {
      if (loaded) post(id, 'privy:iframe:ready', {})
    }
    pingNow = ping
    ping()
    const interval = setInterval(ping, parameters.readyIntervalMs ?? 100)
    const current: Handshake = {
      answered,
      waiters: 0,
      stop() {
        clearInterval(interval)
        if (pingNow === ping) pingNow = undefined
        pending.delete(id)
        if (handshake === current) handshake = undefined
      },
    }
    answered.then(
      () => {
        isReady = true
        current.stop()
      },
      () => current.stop(), // an invalid answer or destroy: a later call tries the handshake again
    )
    return current
  }
  const ready = (options?: WalletProxyReadyOptions): Promise<void> => {
    if (isReady) return Promise.resolve()
    if (destroyed) return Promise.reject(destroyedError('privy:iframe:ready'))
    handshake ??= startHandshake()
    const current = handshake
    const timeoutMs = options?.timeoutMs ?? parameters.readyTimeoutMs ?? WALLET_PROXY_READY_TIMEOUT_MS
    current.waiters++
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        current.waiters--
        if (current.waiters === 0) current.stop()
        reject(
          new WalletProxyError(`The wallet frame did not get ready within ${timeoutMs} ms.`, {
            code: 'wallet_proxy_timeout',
            event: 'privy:iframe:ready',
          }),
        )
      }, timeoutMs)
      current.answered.then(
        () => {
          clearTimeout(timer)
          current.waiters--
          resolve()
        },
        (error: unknown) => {
          clearTimeout(timer)
          current.waiters--
          reject(error)
        },
      )
    })
  }

  return {
    frameOrigin,
    iframe,
    ready,
    async request(event, data, options) {
      const checked = frameMessageSchemas[event].request.safeParse(data)
      if (!checked.success) {
        throw new WalletProxyError(`Invalid ${event} request: ${checked.error.issues[0]?.message ?? ''}`, {
          code: 'invalid_request_arguments',
          event,
          cause: checked.error,
        })
      }
      await ready()
      const id = nextId()
      const answer = track(id, event, options?.timeoutMs ?? defaultTimeoutMs)
      post(id, event, data)
      return (await answer) as FrameReplyData<typeof event>
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      win.removeEventListener('message', onMessage)
      for (const [id, entry] of pending) {
        clearTimeout(entry.timer)
        pending.delete(id)
        entry.reject(destroyedError(entry.event))
      }
      iframe.remove()
    },
  }
}

function readId(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { id } = data as { id?: unknown }
  return typeof id === 'string' ? id : undefined
}

function invalidReply(event: FrameEvent, cause: unknown): WalletProxyError {
  return new WalletProxyError(`The wallet frame answered ${event} with an invalid message.`, {
    code: 'wallet_proxy_invalid_reply',
    event,
    cause,
  })
}

function destroyedError(event: FrameEvent): WalletProxyError {
  return new WalletProxyError('The wallet frame was closed.', { code: 'wallet_proxy_destroyed', event })
}
