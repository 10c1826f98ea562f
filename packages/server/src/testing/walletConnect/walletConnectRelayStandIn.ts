import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import { RelayAuthError, verifyRelayAuth } from './relayAuth'

/** One message the relay holds for a topic, in the relay's field names (`irn_subscription` `data`). */
export type RelayStoredMessage = {
  topic: string
  /** The envelope, base64 (the relay never reads it: it is encrypted end to end). */
  message: string
  /** When the relay accepted it, in ms since the epoch. */
  publishedAt: number
  /** The publisher's tag (WalletConnect's method tags: 1100 session proposal, 1102 session settle, …). */
  tag: number
  /** Seconds the relay keeps it for late subscribers. */
  ttl: number
  attestation?: string
  /** The JSON-RPC method that carried it: `irn_publish`, `irn_batchPublish`, `wc_proposeSession`, … */
  via: string
}

export type WalletConnectRelayStandIn = {
  /** `ws://127.0.0.1:<port>`: pass it as the client's relay URL (`relayUrl` of sign-client). */
  url: string
  /** Every message published so far, oldest first (expired ones included). */
  messages: readonly RelayStoredMessage[]
  /** The client ids (`did:key:…`, the auth token's `iss`) connected now. */
  connectedClients(): string[]
  close(): Promise<void>
}

export type StartWalletConnectRelayStandInOptions = {
  /** When set, a connection whose `projectId` query parameter differs is refused (401). */
  projectId?: string
  /** Port; default 0 (any free one). Host is always 127.0.0.1. */
  port?: number
}

/** WalletConnect's tags of the messages the relay routes itself (the sign protocol's method tags). */
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
/** The relay's longest message lifetime: 30 days, in seconds. */
const MAX_TTL_SECONDS = 30 * 24 * 3600

type JsonRpcRequest = { id: number | string; jsonrpc?: string; method?: string; params?: unknown }
type JsonRpcResponse = { id: number | string; result?: unknown; error?: unknown }

class InvalidParams extends Error {}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

function requireText(params: Record<string, unknown>, name: string): string {
  const value = params[name]
  if (!isText(value)) throw new InvalidParams(`${name} must be a non-empty string`)
  return value
}

function requireTopic(params: Record<string, unknown>, name = 'topic'): string {
  const value = requireText(params, name)
  if (!/^[0-9a-f]{64}$/.test(value)) throw new InvalidParams(`${name} must be 32 bytes of hex`)
  return value
}

function requireTopics(params: Record<string, unknown>): string[] {
  const topics = params.topics
  if (!Array.isArray(topics)) throw new InvalidParams('topics must be an array')
  return topics.map((topic) => requireTopic({ topic }))
}

/** WalletConnect's subscription id: sha256 hex of topic ‖ client id (as the client computes it itself). */
const subscriptionIdOf = (topic: string, clientId: string) =>
  createHash('sha256').update(`${topic}${clientId}`).digest('hex')

/**
 * A local stand-in of the WalletConnect v2 relay (docs/walletconnect.md), speaking the relay's JSON-RPC over
 * WebSocket as `@walletconnect/core` 2.21 calls it (loopback only):
 * - the upgrade `ws://127.0.0.1:<port>/?auth=<jwt>&projectId=…&ua=…` is refused with 401 unless `auth` is an
 *   EdDSA JWT signed by its `did:key` issuer, for this relay's URL, unexpired (`verifyRelayAuth`), and, with
 *   `projectId` set, the project id matches;
 * - `irn_subscribe {topic}` → the subscription id, then every stored message of the topic the client has
 *   not acknowledged yet, as `irn_subscription {id, data: {topic, message, publishedAt, tag}}`;
 *   `irn_batchSubscribe {topics}` → the ids; `irn_unsubscribe {topic, id}` / `irn_batchUnsubscribe
 *   {subscriptions}` → true;
 * - `irn_publish {topic, message, ttl, tag}` / `irn_batchPublish {messages}` → true: stored for `ttl` seconds
 *   and pushed to every other subscribed client;
 * - `wc_proposeSession {pairingTopic, sessionProposal}` subscribes the proposer to the pairing topic and
 *   publishes the proposal there (tag 1100); `wc_approveSession {pairingTopic, sessionTopic,
 *   sessionProposalResponse, sessionSettlementRequest}` subscribes the approver to the session topic and
 *   publishes the response to the pairing topic (1101) and the settlement to the session topic (1102): the
 *   relay routes both itself, as sign-client 2.21 no longer subscribes to those topics;
 * - `irn_batchFetchMessages {topics}` → `{messages, hasMore: false}`, the unacknowledged stored ones.
 * Bad parameters answer JSON-RPC error -32602, unknown methods -32601. A message is delivered to a client
 * once: its acknowledgement (`result: true`) marks it delivered to that client id.
 *
 * @example
 * const relay = await startWalletConnectRelayStandIn({ projectId: 'local' })
 * const client = await SignClient.init({ projectId: 'local', relayUrl: relay.url })
 */
export async function startWalletConnectRelayStandIn(
  options: StartWalletConnectRelayStandInOptions = {},
): Promise<WalletConnectRelayStandIn> {
  const store: (RelayStoredMessage & { deliveredTo: Set<string> })[] = []
  const subscribers = new Map<string, Set<Connection>>()
  const connections = new Set<Connection>()
  let nextRequestId = Date.now() * 1000

  class Connection {
    readonly subscriptions = new Map<string, string>()
    /** Our `irn_subscription` requests awaiting the client's acknowledgement, by request id. */
    readonly unacknowledged = new Map<number, RelayStoredMessage & { deliveredTo: Set<string> }>()
    constructor(
      readonly socket: WebSocket,
      readonly clientId: string,
    ) {}

    send(payload: object) {
      if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(payload))
    }

    deliver(stored: RelayStoredMessage & { deliveredTo: Set<string> }) {
      const subscriptionId = this.subscriptions.get(stored.topic)
      if (subscriptionId === undefined || stored.deliveredTo.has(this.clientId)) return
      if ([...this.unacknowledged.values()].includes(stored)) return
      const id = ++nextRequestId
      this.unacknowledged.set(id, stored)
      const { topic, message, publishedAt, tag, attestation } = stored
      this.send({
        id,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: {
          id: subscriptionId,
          data: { topic, message, publishedAt, tag, ...(attestation && { attestation }) },
        },
      })
    }

    subscribe(topic: string): string {
      const id = subscriptionIdOf(topic, this.clientId)
      this.subscriptions.set(topic, id)
      const set = subscribers.get(topic) ?? new Set<Connection>()
      subscribers.set(topic, set)
      set.add(this)
      return id
    }

    unsubscribe(topic: string) {
      this.subscriptions.delete(topic)
      subscribers.get(topic)?.delete(this)
    }
  }

  const live = (now = Date.now()) => store.filter((stored) => stored.publishedAt + stored.ttl * 1000 > now)

  function publish(
    from: Connection,
    params: Record<string, unknown>,
    via: string,
    fixed?: { topic: string; message: string; tag: number },
  ) {
    const topic = fixed?.topic ?? requireTopic(params)
    const message = fixed?.message ?? requireText(params, 'message')
    const ttl = params.ttl === undefined ? 300 : params.ttl
    if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TTL_SECONDS) {
      throw new InvalidParams(`ttl must be an integer from 1 to ${MAX_TTL_SECONDS} seconds`)
    }
    const tag = fixed?.tag ?? (params.tag === undefined ? 0 : params.tag)
    if (typeof tag !== 'number' || !Number.isInteger(tag)) throw new InvalidParams('tag must be an integer')
    const attestation = isText(params.attestation) ? params.attestation : undefined
    // The publisher never gets its own message back.
    const stored = {
      topic,
      message,
      publishedAt: Date.now(),
      tag,
      ttl,
      via,
      ...(attestation && { attestation }),
      deliveredTo: new Set([from.clientId]),
    }
    store.push(stored)
    return () => {
      for (const connection of subscribers.get(topic) ?? []) connection.deliver(stored)
    }
  }

  function handle(connection: Connection, request: JsonRpcRequest): unknown {
    const params = record(request.params)
    switch (request.method) {
      case 'irn_subscribe': {
        const topic = requireTopic(params)
        const id = connection.subscribe(topic)
        queueMicrotask(() => {
          for (const stored of live()) if (stored.topic === topic) connection.deliver(stored)
        })
        return id
      }
      case 'irn_batchSubscribe': {
        const topics = requireTopics(params)
        const ids = topics.map((topic) => connection.subscribe(topic))
        queueMicrotask(() => {
          for (const stored of live()) if (topics.includes(stored.topic)) connection.deliver(stored)
        })
        return ids
      }
      case 'irn_unsubscribe':
        connection.unsubscribe(requireTopic(params))
        return true
      case 'irn_batchUnsubscribe': {
        if (!Array.isArray(params.subscriptions)) throw new InvalidParams('subscriptions must be an array')
        const topics = params.subscriptions.map((subscription) => requireTopic(record(subscription)))
        for (const topic of topics) connection.unsubscribe(topic)
        return true
      }
      case 'irn_publish': {
        const push = publish(connection, params, request.method)
        queueMicrotask(push)
        return true
      }
      case 'irn_batchPublish': {
        if (!Array.isArray(params.messages)) throw new InvalidParams('messages must be an array')
        const pushes = params.messages.map((message) =>
          publish(connection, record(message), 'irn_batchPublish'),
        )
        queueMicrotask(() => {
          for (const push of pushes) push()
        })
        return true
      }
      case 'wc_proposeSession': {
        const pairingTopic = requireTopic(params, 'pairingTopic')
        const message = requireText(params, 'sessionProposal')
        // The proposer does not subscribe to its pairing topic itself (sign-client 2.21 `skipSubscribe`).
        connection.subscribe(pairingTopic)
        const push = publish(connection, params, request.method, {
          topic: pairingTopic,
          message,
          tag: TAG_SESSION_PROPOSE,
        })
        queueMicrotask(push)
        return true
      }
      case 'wc_approveSession': {
        const pairingTopic = requireTopic(params, 'pairingTopic')
        const sessionTopic = requireTopic(params, 'sessionTopic')
        const response = requireText(params, 'sessionProposalResponse')
        const settlement = requireText(params, 'sessionSettlementRequest')
        // Nor does the approver subscribe to the session topic.
        connection.subscribe(sessionTopic)
        const pushes = [
          publish(connection, params, request.method, {
            topic: pairingTopic,
            message: response,
            tag: TAG_SESSION_PROPOSE_RESPONSE,
          }),
          publish(connection, params, request.method, {
            topic: sessionTopic,
            message: settlement,
            tag: TAG_SESSION_SETTLE,
          }),
        ]
        queueMicrotask(() => {
          for (const push of pushes) push()
        })
        return true
      }
      case 'irn_batchFetchMessages': {
        const topics = requireTopics(params)
        const messages = live()
          .filter((stored) => topics.includes(stored.topic) && !stored.deliveredTo.has(connection.clientId))
          .map((stored) => {
            stored.deliveredTo.add(connection.clientId)
            const { topic, message, publishedAt, tag, attestation } = stored
            return { topic, message, publishedAt, tag, ...(attestation && { attestation }) }
          })
        return { messages, hasMore: false }
      }
      default:
        return undefined
    }
  }

  function onMessage(connection: Connection, data: string) {
    let payload: JsonRpcRequest | JsonRpcResponse
    try {
      payload = JSON.parse(data) as JsonRpcRequest
    } catch {
      connection.send({ id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })
      return
    }
    if (!('method' in payload) || typeof payload.method !== 'string') {
      // A client's acknowledgement of an `irn_subscription`.
      const response = payload as JsonRpcResponse
      const stored = connection.unacknowledged.get(Number(response.id))
      if (stored) {
        connection.unacknowledged.delete(Number(response.id))
        if (response.result === true) stored.deliveredTo.add(connection.clientId)
      }
      return
    }
    const request = payload as JsonRpcRequest
    try {
      const result = handle(connection, request)
      if (result === undefined) {
        connection.send({
          id: request.id,
          jsonrpc: '2.0',
          error: { code: -32601, message: `Method not found: ${request.method}` },
        })
      } else {
        connection.send({ id: request.id, jsonrpc: '2.0', result })
      }
    } catch (error) {
      if (!(error instanceof InvalidParams)) throw error
      connection.send({ id: request.id, jsonrpc: '2.0', error: { code: -32602, message: error.message } })
    }
  }

  const sockets = new WebSocketServer({ noServer: true })
  const server = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'application/json', upgrade: 'websocket' })
    response.end(
      JSON.stringify({ code: 'upgrade_required', message: 'The relay speaks JSON-RPC over WebSocket.' }),
    )
  })
  let url = ''
  server.on('upgrade', (request, socket, head) => {
    const query = new URL(request.url ?? '/', url).searchParams
    const refuse = (code: string, message: string) => {
      const body = JSON.stringify({ code, message })
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      )
    }
    let clientId: string
    try {
      const claims = verifyRelayAuth(query.get('auth'), undefined)
      if (claims.aud.replace(/\/$/, '') !== url)
        throw new RelayAuthError('wrong_audience', `auth aud is not ${url}`)
      clientId = claims.iss
    } catch (error) {
      if (error instanceof RelayAuthError) return refuse(error.code, error.message)
      throw error
    }
    if (options.projectId !== undefined && query.get('projectId') !== options.projectId) {
      return refuse('invalid_project_id', 'projectId is not this relay project')
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const connection = new Connection(ws, clientId)
      connections.add(connection)
      ws.on('message', (data) => onMessage(connection, data.toString()))
      ws.on('close', () => {
        connections.delete(connection)
        for (const topic of connection.subscriptions.keys()) subscribers.get(topic)?.delete(connection)
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    get messages() {
      return store.map(({ deliveredTo: _, ...message }) => message)
    },
    connectedClients: () => [...connections].map((connection) => connection.clientId),
    close: async () => {
      for (const connection of connections) connection.socket.terminate()
      sockets.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
