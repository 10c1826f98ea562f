import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import { listenLocally } from '../http/listenLocally'
import { readJson, sendJson } from '../http/standInHttp'

/** The Farcaster app's Sign In With Farcaster link that the real relay answers (`url` of a channel). */
export const FARCASTER_CONNECT_BASE_URL = 'https://farcaster.xyz/~/siwf'

/** One channel of the stand-in, in the relay's own field names (auth-client `StatusAPIResponse`). */
export type RelayStandInChannel = {
  state: 'pending' | 'completed'
  nonce: string
  url: string
  message?: string
  signature?: string
  authMethod?: 'custody' | 'authAddress'
  fid?: number
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
  signatureParams: {
    siweUri: string
    domain: string
    nonce?: string
    notBefore?: string
    expirationTime?: string
    requestId?: string
    redirectUrl?: string
  }
  metadata: { ip: string; userAgent: string }
  acceptAuthAddress: boolean
}

export type FarcasterRelayStandIn = {
  /** `http://127.0.0.1:<port>`: pass it as `farcaster.relayUrl` / `FOYER_FARCASTER_RELAY_URL`. */
  url: string
  /** The key a Farcaster app sends as `X-Farcaster-Auth-Relay-Key` to complete a channel. */
  authKey: string
  /** The channels by channel token. */
  channels: ReadonlyMap<string, RelayStandInChannel>
  close(): Promise<void>
}

export type StartFarcasterRelayStandInOptions = {
  /** The Farcaster app's relay key; default a random one. */
  authKey?: string
  /** Channel lifetime, in ms; default 1 hour (the relay's). */
  channelTtlMs?: number
  /** Port; default 0 (any free one). Host is always 127.0.0.1. */
  port?: number
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0
const optionalText = (value: unknown) => (typeof value === 'string' ? value : undefined)

/**
 * A local stand-in for the Farcaster auth relay (docs/architecture.md "Local real components": Farcaster),
 * speaking the relay's channel API as `@farcaster/auth-client` calls it (loopback only):
 * - `POST /v1/channel` `{ siweUri, domain, nonce?, notBefore?, expirationTime?, requestId?, redirectUrl?,
 *   acceptAuthAddress? }` → 201 `{ channelToken, url, nonce }` (400 without `siweUri` or `domain`); `url` is
 *   the Farcaster app's link `https://farcaster.xyz/~/siwf?channelToken=…&nonce=…&siweUri=…&domain=…`;
 * - `GET /v1/channel/status` (`Authorization: Bearer <channelToken>`) → 202 with the channel while pending,
 *   200 once completed; 401 for an unknown or expired token;
 * - `POST /v1/channel/authenticate` (the Farcaster app; Bearer channel token and `X-Farcaster-Auth-Relay-Key`)
 *   `{ message, signature, fid, username?, bio?, displayName?, pfpUrl?, authMethod? }` → 201 with the
 *   completed channel; 401 for a wrong key or token, 400 without message, signature or fid.
 * Like the real relay it checks nothing of the message: the server must (docs/security.md property 44).
 *
 * @example
 * const relay = await startFarcasterRelayStandIn()
 * const app = await createApp({ db, masterKey, methods: [farcaster({ relayUrl: relay.url, rpcUrl })] })
 */
export async function startFarcasterRelayStandIn(
  options: StartFarcasterRelayStandInOptions = {},
): Promise<FarcasterRelayStandIn> {
  const authKey = options.authKey ?? randomBytes(16).toString('hex')
  const ttlMs = options.channelTtlMs ?? 3_600_000
  const channels = new Map<string, RelayStandInChannel & { expiresAt: number }>()
  const live = (request: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const channel = token ? channels.get(token) : undefined
    if (!token || !channel || channel.expiresAt <= Date.now()) return null
    return { token, channel }
  }
  const publicView = ({ expiresAt: _expiresAt, ...channel }: RelayStandInChannel & { expiresAt: number }) =>
    channel

  const server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    const body = request.method === 'POST' ? await readJson(request) : undefined
    const fields = (body ?? {}) as Record<string, unknown>
    if (request.method === 'POST' && path === '/v1/channel') {
      if (!text(fields.siweUri) || !text(fields.domain))
        return sendJson(response, 400, { error: 'Validation error: siweUri and domain are required' })
      const channelToken = randomUUID()
      const nonce = text(fields.nonce) ? fields.nonce : randomBytes(8).toString('hex')
      const signatureParams = {
        siweUri: fields.siweUri,
        domain: fields.domain,
        nonce,
        ...(text(fields.notBefore) ? { notBefore: fields.notBefore } : {}),
        ...(text(fields.expirationTime) ? { expirationTime: fields.expirationTime } : {}),
        ...(text(fields.requestId) ? { requestId: fields.requestId } : {}),
        ...(text(fields.redirectUrl) ? { redirectUrl: fields.redirectUrl } : {}),
      }
      const link = new URL(FARCASTER_CONNECT_BASE_URL)
      link.searchParams.set('channelToken', channelToken)
      for (const [key, value] of Object.entries(signatureParams)) link.searchParams.set(key, value)
      channels.set(channelToken, {
        state: 'pending',
        nonce,
        url: link.href,
        signatureParams,
        metadata: { ip: request.socket.remoteAddress ?? '', userAgent: request.headers['user-agent'] ?? '' },
        acceptAuthAddress: fields.acceptAuthAddress !== false,
        expiresAt: Date.now() + ttlMs,
      })
      return sendJson(response, 201, { channelToken, url: link.href, nonce })
    }
    if (request.method === 'GET' && path === '/v1/channel/status') {
      const found = live(request)
      if (!found) return sendJson(response, 401, { error: 'Unauthorized' })
      return sendJson(response, found.channel.state === 'completed' ? 200 : 202, publicView(found.channel))
    }
    if (request.method === 'POST' && path === '/v1/channel/authenticate') {
      const found = live(request)
      if (!found || request.headers['x-farcaster-auth-relay-key'] !== authKey)
        return sendJson(response, 401, { error: 'Unauthorized' })
      if (!text(fields.message) || !text(fields.signature) || typeof fields.fid !== 'number')
        return sendJson(response, 400, { error: 'Validation error: message, signature and fid are required' })
      const completed = {
        ...found.channel,
        state: 'completed' as const,
        message: fields.message,
        signature: fields.signature,
        fid: fields.fid,
        authMethod: fields.authMethod === 'authAddress' ? ('authAddress' as const) : ('custody' as const),
        ...Object.fromEntries(
          (['username', 'bio', 'displayName', 'pfpUrl'] as const)
            .map((key) => [key, optionalText(fields[key])] as const)
            .filter(([, value]) => value !== undefined),
        ),
      }
      channels.set(found.token, completed)
      return sendJson(response, 201, publicView(completed))
    }
    return sendJson(response, 404, { error: 'Not found' })
  })
  const { url, close } = await listenLocally(server, { port: options.port })
  return {
    url,
    authKey,
    channels,
    close,
  }
}
