import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

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

/** Lifetime of an issued token, in ms (Turnstile: 300 s). */
const TOKEN_TTL_MS = 300_000
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

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= BODY_LIMIT) chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
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

function send(response: ServerResponse, status: number, value: unknown, cors = false): void {
  if (response.destroyed || response.writableEnded) return
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...(cors ? corsHeaders : {}),
  })
  response.end(JSON.stringify(value))
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
        const fields = parseFields(await readBody(request), request.headers['content-type'])
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
        const fields = parseFields(await readBody(request), request.headers['content-type'])
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  return {
    url,
    scriptUrl: `${url}/turnstile/v0/api.js?render=explicit`,
    verifyUrl: `${url}/turnstile/v0/siteverify`,
    tokensIssued: () => issued,
    verifyCalls,
    setVerifyDelayMs(ms) {
      verifyDelayMs = Math.max(0, ms)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** JSON for inlining in a script: also escapes characters that end a script element or a line in ES2017. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The served `api.js`: plain ES2017, no dependencies, `CONFIG` = the stand-in origin and `onload` name. */
function turnstileScript(config: { origin: string; onload: string | null }): string {
  return `/* Foyer's local Turnstile stand-in (not Cloudflare's script). */
(function () {
  'use strict';
  var CONFIG = ${scriptLiteral(config)};
  var RUN_DELAY_MS = 300;
  var TOKEN_TTL_MS = ${TOKEN_TTL_MS};
  var widgets = {};
  var order = [];
  var counter = 0;

  function rethrow(error) {
    setTimeout(function () {
      throw error;
    }, 0);
  }

  function call(widget, name, argument) {
    var fn = widget.params[name];
    if (typeof fn !== 'function') return false;
    try {
      fn(argument);
    } catch (error) {
      rethrow(error);
    }
    return true;
  }

  function containerOf(target) {
    if (typeof target === 'string') {
      try {
        return document.querySelector(target);
      } catch (error) {
        return null;
      }
    }
    return target && target.nodeType === 1 ? target : null;
  }

  function find(target) {
    if (target === undefined || target === null) {
      for (var i = order.length - 1; i >= 0; i -= 1) if (widgets[order[i]]) return widgets[order[i]];
      return null;
    }
    if (typeof target === 'string' && widgets[target]) return widgets[target];
    var element = containerOf(target);
    if (!element) return null;
    for (var j = 0; j < order.length; j += 1) {
      var widget = widgets[order[j]];
      if (widget && widget.container === element) return widget;
    }
    return null;
  }

  function kindOf(sitekey) {
    var prefix = String(sitekey).slice(0, 2);
    if (prefix === '1x') return 'pass';
    if (prefix === '2x') return 'block';
    if (prefix === '3x') return 'interactive';
    return 'invalid';
  }

  function stop(widget) {
    widget.generation += 1;
    widget.running = false;
    clearTimeout(widget.runTimer);
    clearTimeout(widget.expiryTimer);
    if (widget.element && widget.element.parentNode) widget.element.parentNode.removeChild(widget.element);
    widget.element = null;
  }

  function fail(widget, code) {
    widget.running = false;
    if (!call(widget, 'error-callback', code)) rethrow(new Error('[Turnstile stand-in] error ' + code));
  }

  function issue(widget) {
    var generation = widget.generation;
    var params = widget.params;
    var cdata = params.cData !== undefined ? params.cData : params.cdata;
    return fetch(CONFIG.origin + '/turnstile/v0/issue', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sitekey: String(params.sitekey),
        hostname: location.hostname,
        action: params.action === undefined ? '' : String(params.action),
        cdata: cdata === undefined ? '' : String(cdata)
      })
    })
      .then(function (response) {
        if (!response.ok) throw new Error('issue answered ' + response.status);
        return response.json();
      })
      .then(function (body) {
        if (generation !== widget.generation) return;
        widget.running = false;
        widget.token = body.token;
        widget.expired = false;
        widget.expiryTimer = setTimeout(function () {
          if (generation !== widget.generation) return;
          var old = widget.token;
          widget.token = undefined;
          widget.expired = true;
          call(widget, 'expired-callback', old);
        }, TOKEN_TTL_MS);
        call(widget, 'callback', body.token);
      })
      .catch(function () {
        if (generation === widget.generation) fail(widget, '200500');
      });
  }

  function showCheckbox(widget) {
    var button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('role', 'checkbox');
    button.setAttribute('aria-checked', 'false');
    button.setAttribute('aria-label', 'Verify you are human');
    button.setAttribute('data-turnstile-stand-in', widget.id);
    button.textContent = 'I am human';
    button.style.cssText =
      'display:inline-flex;align-items:center;gap:8px;padding:10px 14px;border:1px solid #999;' +
      'border-radius:6px;background:#fff;color:#222;font:14px system-ui,sans-serif;cursor:pointer';
    button.addEventListener('click', function () {
      if (button.getAttribute('aria-checked') === 'true') return;
      button.setAttribute('aria-checked', 'true');
      button.disabled = true;
      call(widget, 'after-interactive-callback');
      issue(widget);
    });
    widget.element = button;
    widget.container.appendChild(button);
    call(widget, 'before-interactive-callback');
  }

  function run(widget) {
    if (widget.running) return;
    widget.running = true;
    var generation = widget.generation;
    widget.runTimer = setTimeout(function () {
      if (generation !== widget.generation) return;
      var kind = kindOf(widget.params.sitekey);
      if (kind === 'block') return fail(widget, '300030');
      if (kind === 'invalid') return fail(widget, '110100');
      if (kind === 'interactive') return showCheckbox(widget);
      issue(widget);
    }, RUN_DELAY_MS);
  }

  function render(target, params) {
    var container = containerOf(target);
    if (!container) throw new Error('[Turnstile stand-in] no container for ' + String(target));
    if (!params || typeof params.sitekey !== 'string' || !params.sitekey)
      throw new Error('[Turnstile stand-in] render needs a sitekey');
    counter += 1;
    var id = 'cf-chl-widget-' + counter.toString(36);
    var widget = {
      id: id,
      container: container,
      params: Object.assign({}, params),
      token: undefined,
      expired: false,
      running: false,
      generation: 0,
      runTimer: undefined,
      expiryTimer: undefined,
      element: null
    };
    widgets[id] = widget;
    order.push(id);
    if ((params.execution || 'render') === 'render') run(widget);
    return id;
  }

  function execute(target, params) {
    var widget = find(target);
    if (!widget) {
      if (!containerOf(target)) throw new Error('[Turnstile stand-in] nothing to execute for ' + String(target));
      render(target, Object.assign({}, params, { execution: 'render' }));
      return;
    }
    if (widget.token && !widget.expired) return;
    run(widget);
  }

  function reset(target) {
    var widget = find(target);
    if (!widget) return;
    stop(widget);
    widget.token = undefined;
    widget.expired = false;
    if ((widget.params.execution || 'render') === 'render') run(widget);
  }

  function remove(target) {
    var widget = find(target);
    if (!widget) return;
    stop(widget);
    delete widgets[widget.id];
    order = order.filter(function (id) { return id !== widget.id; });
  }

  function getResponse(target) {
    var widget = find(target);
    return widget && !widget.expired ? widget.token : undefined;
  }

  function isExpired(target) {
    var widget = find(target);
    return Boolean(widget && widget.expired);
  }

  function ready(callback) {
    setTimeout(callback, 0);
  }

  if (!window.turnstile) {
    window.turnstile = {
      render: render,
      execute: execute,
      reset: reset,
      remove: remove,
      getResponse: getResponse,
      isExpired: isExpired,
      ready: ready
    };
  }
  if (CONFIG.onload && typeof window[CONFIG.onload] === 'function') {
    try {
      window[CONFIG.onload]();
    } catch (error) {
      rethrow(error);
    }
  }
})();
`
}
