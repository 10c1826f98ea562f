// At least 10,000 malformed requests across every registered route — wrong types,
// missing fields, huge and deeply nested bodies, control characters, bad headers and app ids — and not one
// 5xx; the server is healthy afterwards. Routes come from the app itself (`registeredRoutes`), so a route
// added on any branch is fuzzed without editing this file. Seeded: a failure names its seed and case.

import type { HTTPMethods, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { DEMO_APP_ID } from './demo/demoApps'
import { operatorConsole } from './features/console/plugin'
import { registeredRoutes } from './http/registeredRoutes'
import { createTestContext, type TestContext } from './test/createTestContext'

const SEED = Number(process.env.FOYER_FUZZ_SEED ?? 20_261_124)
const TOTAL_REQUESTS = Number(process.env.FOYER_FUZZ_REQUESTS ?? 10_500)
const ORIGIN = 'http://localhost:5173'

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function random(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (max: number) => Math.floor(next() * max)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  return { next, int, pick }
}
type Random = ReturnType<typeof random>

const controlCharacters = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f']
const nasty = [
  '',
  ' ',
  'x'.repeat(300),
  'x'.repeat(5000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '💥'.repeat(40),
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '$'.concat('{jndi:ldap://x}'),
  'null',
  'undefined',
  '0x',
  `0x${'f'.repeat(40)}`,
  `0x${'g'.repeat(40)}`,
  'did:foyer:',
  'a@b',
  'user@example.com',
  '+14155550100',
  '123456',
  'eip155:1',
  'eip155:99999999999999999999',
  'A'.repeat(43),
  '__proto__',
  'constructor',
  'ethereum',
  'solana',
  'google',
  'privy',
  'embedded',
  'user-passcode',
  'AAAA',
  '====',
  '2030-01-01T00:00:00Z',
]

/** A value of a random wrong (or occasionally right) type. */
function value(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 9 : 12)) {
    case 0:
      return r.pick(nasty)
    case 1:
      return `${r.pick(nasty)}${r.pick(controlCharacters)}${r.pick(nasty)}`
    case 2:
      return r.pick([0, -1, 1, 1.5, -0, 1e308, -1e308, 2 ** 53, 2 ** 64, 31337, 600_000, 4294967296])
    case 3:
      return r.pick([true, false, null])
    case 4:
      return []
    case 5:
      return {}
    case 6:
      return r.pick(nasty).repeat(1 + r.int(3))
    case 7:
      return String(r.int(1_000_000)).padStart(6, '0')
    case 8:
      return r.pick(controlCharacters).repeat(1 + r.int(30))
    case 9:
      return Array.from({ length: r.int(5) }, () => value(r, depth + 1))
    case 10:
      return Object.fromEntries(Array.from({ length: r.int(5) }, () => [r.pick(nasty), value(r, depth + 1)]))
    default:
      return { [r.pick(['__proto__', 'constructor', 'prototype'])]: value(r, depth + 1) }
  }
}

/** Deep nesting within the body limit: `[[[…]]]` or `{"a":{"a":…}}`. */
function deeplyNested(r: Random): string {
  const depth = 1000 + r.int(20_000)
  return r.next() < 0.5
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
}

/** The top-level field names of a route's body schema (zod), to fill with wrong values. */
function bodyFields(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return []
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>
      anyOf?: { properties?: Record<string, unknown> }[]
      oneOf?: { properties?: Record<string, unknown> }[]
    }
    const variants = [json, ...(json.anyOf ?? []), ...(json.oneOf ?? [])]
    return [...new Set(variants.flatMap((variant) => Object.keys(variant.properties ?? {})))]
  } catch {
    return []
  }
}

/** A malformed JSON body (text), often shaped like the route's own body with wrong values. */
function body(r: Random, fields: string[]): string | undefined {
  switch (r.int(10)) {
    case 0:
      return undefined
    case 1:
      return r.pick([
        '',
        '{',
        '{"a":',
        '[',
        'nul',
        '{"a":1,}',
        "{'a':1}",
        '\u0000',
        '{"a":"\\ud800"}',
        '1e99999',
      ])
    case 2:
      return deeplyNested(r)
    case 3:
      return JSON.stringify({ blob: 'x'.repeat(r.pick([10_000, 60_000, 70_000, 200_000])) })
    case 4:
      return JSON.stringify(value(r))
    case 5:
      return `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(fields[0] ?? 'a')}:1}`
    default: {
      // The route's own fields, some missing, some of the wrong type, some with control characters.
      const object: Record<string, unknown> = {}
      for (const field of fields) if (r.next() < 0.7) object[field] = value(r)
      if (r.next() < 0.2) object[r.pick(nasty)] = value(r)
      return JSON.stringify(object)
    }
  }
}

/** `encodeURIComponent`, with lone surrogates sent as their (invalid) UTF-8 bytes instead of throwing. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

function pathFor(r: Random, url: string): string {
  const parameter = () =>
    r.pick([
      DEMO_APP_ID,
      'unknownapp000000000000000',
      encode(`${r.pick(controlCharacters)}${'a'.repeat(24)}`),
      '%00aaaaaaaaaaaaaaaaaaaaaaaa',
      '%E0%A4%A',
      '%',
      'a'.repeat(r.pick([1, 24, 26, 101, 500])),
      encode(r.pick(nasty)),
      '..',
      'frame-abc.js',
    ])
  return url
    .replace(/:[A-Za-z_]+/g, parameter)
    .replace(/\*$/, () => r.pick(['', 'x', '%00', '..%2f..%2f', 'a/b/c', encode('\u0001')]))
}

function query(r: Random): string {
  if (r.next() < 0.6) return ''
  return `?${r.pick([
    'a=1',
    'to=%00',
    'kind=other',
    'code=x&state=%00',
    'a[b]=1&a[c]=2',
    'x=1&x=2&x=3',
    `q=${'y'.repeat(3000)}`,
    '%=%',
    'error=access_denied&state=abc',
    'caid=%01&client_id=',
  ])}`
}

function headersFor(r: Random, tokens: string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  const appId = r.int(8)
  if (appId < 4) headers['privy-app-id'] = DEMO_APP_ID
  else if (appId === 4)
    headers['privy-app-id'] = r.pick(['', 'x', 'unknownapp000000000000000', 'a'.repeat(300)])
  else if (appId === 5) headers['privy-app-id'] = `${'a'.repeat(24)}${r.pick(controlCharacters)}`
  const auth = r.int(6)
  if (auth === 0) headers.authorization = `Bearer ${r.pick(tokens)}`
  else if (auth === 1)
    headers.authorization = r.pick([
      'Bearer',
      'Bearer ',
      'Basic abc',
      `Bearer ${r.pick(nasty)}`,
      'Bearer a.b.c',
    ])
  const contentType = r.int(8)
  if (contentType < 5) headers['content-type'] = 'application/json'
  else if (contentType === 5)
    headers['content-type'] = r.pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/xml',
      'garbage',
      'application/json\u0000',
    ])
  if (r.next() < 0.5)
    headers.origin = r.pick([ORIGIN, 'https://evil.example', 'null', 'not a url', `${ORIGIN}\u0001`])
  if (r.next() < 0.2)
    headers.cookie = r.pick(['privy-token=abc', 'privy-refresh-token=%00', `a=${'b'.repeat(4000)}`, '=;='])
  if (r.next() < 0.1) headers['privy-ca-id'] = r.pick(nasty)
  if (r.next() < 0.1) headers['x-forwarded-for'] = r.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1'])
  return headers
}

let t: TestContext
const tokens: string[] = []

beforeAll(async () => {
  // Every optional route on (metrics, the operator console), so it is fuzzed too.
  t = await createTestContext({
    metrics: true,
    features: [operatorConsole({ operators: ['ops@example.com'] })],
  })
  const user = await t.signIn()
  const guest = await t.request({
    method: 'POST',
    url: '/api/v1/guest/authenticate',
    json: { guest_credential: 'f'.repeat(43) },
  })
  tokens.push(user.token as string, (guest.json() as { token: string }).token)
}, 60_000)
afterAll(async () => {
  await t?.close()
})

describe('fuzz: malformed requests to every registered route', () => {
  test(`error: ${TOTAL_REQUESTS} malformed requests (seed ${SEED}) → no 5xx, every error { error, code }`, {
    timeout: 120_000,
  }, async () => {
    const routes = registeredRoutes(t.app)
    expect(routes.length).toBeGreaterThan(40)
    const r = random(SEED)
    const failures: string[] = []
    const perRoute = Math.ceil(TOTAL_REQUESTS / routes.length)
    let sent = 0
    for (const route of routes) {
      const fields = bodyFields(route.schema?.body)
      for (let index = 0; index < perRoute; index++) {
        const method: HTTPMethods =
          r.next() < 0.9 ? route.method : r.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])
        const payload = method === 'GET' ? undefined : body(r, fields)
        const url = `${pathFor(r, route.url)}${query(r)}`
        const options: InjectOptions = {
          method,
          url,
          headers: headersFor(r, tokens),
          ...(payload === undefined ? {} : { payload }),
          ...(r.next() < 0.3 ? { remoteAddress: `10.${r.int(256)}.${r.int(256)}.${r.int(256)}` } : {}),
        }
        const response = await t.app.inject(options)
        sent++
        const problem =
          response.statusCode >= 500
            ? `${response.statusCode} ${response.body.slice(0, 200)}`
            : response.statusCode >= 400 && !isErrorBody(response.body)
              ? `${response.statusCode} without { error, code }: ${response.body.slice(0, 200)}`
              : null
        if (problem && failures.length < 20)
          failures.push(
            `${route.method} ${route.url} [case ${index}]: ${method} ${url.slice(0, 120)} → ${problem}; body ${String(payload).slice(0, 120)}`,
          )
      }
    }
    expect(sent).toBeGreaterThanOrEqual(10_000)
    expect(failures).toEqual([])

    // Healthy afterwards: the app config answers, and a full email sign-in still works.
    const config = await t.request({ method: 'GET', url: `/api/v1/apps/${DEMO_APP_ID}` })
    expect(config.statusCode).toBe(200)
    const auth = await t.signIn()
    expect(auth.user.id).toMatch(/^did:foyer:/)
  })
})

function isErrorBody(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; code?: unknown }
    return typeof parsed.error === 'string' && typeof parsed.code === 'string'
  } catch {
    return false
  }
}
