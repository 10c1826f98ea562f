/** A local stand-in for Cloudflare Turnstile: its siteverify API, token issuing and client script. */
import { randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { listenLocally } from '../http/listenLocally'
import { readBody, sendJson } from '../http/standInHttp'
import { turnstileScript } from './turnstileScript'
import { TOKEN_TTL_MS } from './turnstileTokens'

/**
 * Cloudflare Turnstile's documented test keys, which the stand-in honours: site keys (`1x…AA` passes,
 * `2x…AB` always blocks, `3x…FF` forces an interactive challenge) and secrets (`1x…AA` validates, `2x…AA`
 * always fails, `3x…AA` always answers "already spent").
 */
export const turnstileTestKeys = {
  sitePasses: '1x00000000000000000000AA',
  siteBlocks: '2x00000000000000000000AB',
  siteInteractive: '3x00000000000000000000FF',
  secretPasses: '1x0000000000000000000000000000000AA',
  secretFails: '2x0000000000000000000000000000000AA',
  secretSpent: '3x0000000000000000000000000000000AA',
} as const

export type StartTurnstileStandInOptions = {
  /** Loopback host to listen on; default '127.0.0.1'. */
  host?: string
  /** Port; default 0 (any free one). */
  port?: number
  /** Current time in ms since epoch (token age, `challenge_ts`); default `Date.now`. */
  now?: () => number
}

export type TurnstileStandIn = {
  /** The stand-in's origin, `http://127.0.0.1:<port>`. */
  url: string
  /** `<url>/turnstile/v0/api.js?render=explicit`: the client script (`config.captcha.scriptUrl`). */
  scriptUrl: string
  /** `<url>/turnstile/v0/siteverify`: the server's `captcha.verifyUrl` / `FOYER_TURNSTILE_VERIFY_URL`. */
  verifyUrl: string
  /** How many tokens `POST /turnstile/v0/issue` has handed out. */
  tokensIssued(): number
  /** The fields of every siteverify call received (form or JSON, values as strings), oldest first. */
  verifyCalls: Array<Record<string, string>>
  /** Delays every siteverify answer by `ms` from now on (0 = none), to test the caller's timeout. */
  setVerifyDelayMs(ms: number): void
  close(): Promise<void>
}

/** Longest token siteverify accepts, in characters (Turnstile: 2048). */
const TOKEN_MAX_LENGTH = 2048
/** Largest request body read, in bytes. */
const BODY_LIMIT = 64 * 1024

type IssuedToken = {
  sitekey: string
  hostname: string
  action: string
  cdata: string
  issuedAt: number
  spent: boolean
}

type SiteverifyAnswer = {
  success: boolean
  'error-codes': string[]
  messages: string[]
  challenge_ts?: string
  hostname?: string
  action?: string
  cdata?: string
  metadata?: { interactive: boolean }
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-allow-private-network': 'true',
  'access-control-max-age': '600',
}

/** A form-encoded or JSON body as string fields (`null` when it is neither). */
function parseFields(body: string, contentType: string | undefined): Record<string, string> | null {
  if (contentType?.startsWith('application/json') || body.trimStart().startsWith('{')) {
    try {
      const value: unknown = JSON.parse(body)
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
      const fields: Record<string, string> = {}
      for (const [key, field] of Object.entries(value))
        if (field !== undefined && field !== null)
          fields[key] = typeof field === 'string' ? field : JSON.stringify(field)
      return fields
    } catch {
      return null
    }
  }
  return Object.fromEntries(new URLSearchParams(body))
}

/** Answers JSON, never cached (with `cors`, to the browser's script too); nothing once the response is gone. */
function send(response: ServerResponse, status: number, value: unknown, cors = false): void {
  if (response.destroyed || response.writableEnded) return
  sendJson(response, status, value, { 'cache-control': 'no-store', ...(cors ? corsHeaders : {}) })
}

const failure = (...errorCodes: string[]): SiteverifyAnswer => ({
  success: false,
  'error-codes': errorCodes,
  messages: [],
})

/**
 * A local stand-in for Cloudflare Turnstile, for tests, the demo and the e2e stack (loopback only; no
 * network). It serves:
 * - `GET /turnstile/v0/api.js` — a dependency-free ES2017 script defining `window.turnstile` (`render`,
 *   `execute`, `reset`, `remove`, `getResponse`, `isExpired`, `ready`; `?onload=<name>` calls
 *   `window[name]()`). A running widget waits ~300 ms, then: site keys `1x…` get a token from `/issue`
 *   (invisibly) and `callback(token)`; `2x00000000000000000000AB` calls `error-callback('300030')`;
 *   `3x00000000000000000000FF` shows an "I am human" checkbox button (role=checkbox, aria-label 'Verify you
 *   are human') that issues the token when clicked; other keys → `error-callback('110100')`. Tokens expire
 *   after 300 s (`expired-callback`); `timeout-callback` is accepted but never called.
 * - `POST /turnstile/v0/issue` `{ sitekey, hostname, action?, cdata? }` (JSON or form) → `{ token }`: a
 *   random 200-character base64url token, remembered with those fields and its issue time.
 * - `POST /turnstile/v0/siteverify` (form or JSON: `secret`, `response`, `remoteip?`, `idempotency_key?`) →
 *   Turnstile's answer `{ success, 'error-codes', messages, challenge_ts?, hostname?, action?, cdata? }`.
 *   Secret `1x0000000000000000000000000000000AA` validates for real (known, unspent, younger than 300 s,
 *   then spent: `invalid-input-response` for an unknown token, `timeout-or-duplicate` when spent or old);
 *   `2x…AA` always `invalid-input-response`; `3x…AA` always `timeout-or-duplicate`; another secret
 *   `invalid-input-secret`; `missing-input-secret` / `missing-input-response` when absent. A repeated
 *   `idempotency_key` gets the first call's answer.
 *
 * @example
 * const turnstile = await startTurnstileStandIn()
 * const app = await createApp({ db, masterKey, captcha: { verifyUrl: turnstile.verifyUrl } })
 * const { token } = await (await fetch(`${turnstile.url}/turnstile/v0/issue`, {
 *   method: 'POST', body: JSON.stringify({ sitekey: '1x00000000000000000000AA', hostname: 'localhost' }),
 * })).json()
 */
export async function startTurnstileStandIn(
  options: StartTurnstileStandInOptions = {},
): Promise<TurnstileStandIn> {
  const host = options.host ?? '127.0.0.1'
  const now = options.now ?? Date.now
  const tokens = new Map<string, IssuedToken>()
  const answers = new Map<string, Promise<SiteverifyAnswer>>()
  const verifyCalls: Array<Record<string, string>> = []
  let issued = 0
  let verifyDelayMs = 0

  function decide(fields: Record<string, string>): SiteverifyAnswer {
    const { secret, response: token } = fields
    if (!secret || !token)
      return failure(
        ...(secret ? [] : ['missing-input-secret']),
        ...(token ? [] : ['missing-input-response']),
      )
    if (secret === turnstileTestKeys.secretFails) return failure('invalid-input-response')
    if (secret === turnstileTestKeys.secretSpent) return failure('timeout-or-duplicate')
    if (secret !== turnstileTestKeys.secretPasses) return failure('invalid-input-secret')
    const record = token.length <= TOKEN_MAX_LENGTH ? tokens.get(token) : undefined
    if (!record) return failure('invalid-input-response')
    if (record.spent || now() - record.issuedAt >= TOKEN_TTL_MS) {
      record.spent = true
      return failure('timeout-or-duplicate')
    }
    record.spent = true
    return {
      success: true,
      'error-codes': [],
      messages: [],
      challenge_ts: new Date(record.issuedAt).toISOString(),
      hostname: record.hostname,
      action: record.action,
      cdata: record.cdata,
      metadata: { interactive: record.sitekey.startsWith('3x') },
    }
  }

  async function siteverify(fields: Record<string, string>): Promise<SiteverifyAnswer> {
    if (verifyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, verifyDelayMs))
    return decide(fields)
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const method = request.method ?? 'GET'
      if (method === 'OPTIONS') {
        response.writeHead(204, corsHeaders)
        response.end()
        return
      }
      if (url.pathname === '/turnstile/v0/api.js' && (method === 'GET' || method === 'HEAD')) {
        const origin = `http://${request.headers.host ?? `${host}:${(server.address() as AddressInfo).port}`}`
        const onload = url.searchParams.get('onload')
        response.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-store',
          ...corsHeaders,
        })
        response.end(
          method === 'HEAD'
            ? undefined
            : turnstileScript({
                origin,
                onload: onload && /^[A-Za-z_$][\w$]*$/.test(onload) ? onload : null,
              }),
        )
        return
      }
      if (url.pathname === '/turnstile/v0/issue' && method === 'POST') {
        const fields = parseFields(await readBody(request, BODY_LIMIT), request.headers['content-type'])
        if (!fields) return send(response, 400, { error: 'bad request' }, true)
        const token = randomBytes(150).toString('base64url')
        tokens.set(token, {
          sitekey: fields.sitekey ?? '',
          hostname: fields.hostname ?? '',
          action: fields.action ?? '',
          cdata: fields.cdata ?? fields.cData ?? '',
          issuedAt: now(),
          spent: false,
        })
        issued += 1
        return send(response, 200, { token }, true)
      }
      if (url.pathname === '/turnstile/v0/siteverify') {
        if (method !== 'POST') return send(response, 405, failure('method-not-allowed'))
        const fields = parseFields(await readBody(request, BODY_LIMIT), request.headers['content-type'])
        if (!fields) return send(response, 400, failure('bad-request'))
        verifyCalls.push(fields)
        const key = fields.idempotency_key
        let answer = key ? answers.get(key) : undefined
        if (!answer) {
          answer = siteverify(fields)
          if (key) answers.set(key, answer)
        }
        return send(response, 200, await answer)
      }
      return send(response, 404, { error: 'not found' })
    } catch {
      return send(response, 500, failure('internal-error'))
    }
  })
  const { url, close } = await listenLocally(server, { port: options.port, host })
  return {
    url,
    scriptUrl: `${url}/turnstile/v0/api.js?render=explicit`,
    verifyUrl: `${url}/turnstile/v0/siteverify`,
    tokensIssued: () => issued,
    verifyCalls,
    setVerifyDelayMs(ms) {
      verifyDelayMs = Math.max(0, ms)
    },
    close,
  }
}

/**
 * A token from `standIn` (`POST /turnstile/v0/issue`), as its widget would get it on `hostname` (default
 * `localhost`) for `sitekey` (default the always-passing test key), with action `login` and cdata `foyer`.
 */
export async function issueTurnstileToken(
  standIn: Pick<TurnstileStandIn, 'url'>,
  hostname = 'localhost',
  sitekey: string = turnstileTestKeys.sitePasses,
): Promise<string> {
  const response = await fetch(`${standIn.url}/turnstile/v0/issue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sitekey, hostname, action: 'login', cdata: 'foyer' }),
  })
  return ((await response.json()) as { token: string }).token
}
