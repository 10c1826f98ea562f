import { randomUUID } from 'node:crypto'
import { authResponseSchema } from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, test } from 'vitest'
import { createShopApp, SHOP_SAME_SITE_HEADERS } from '../../test/shopApp'
import { useTestContext } from '../../test/useTestContext'
import type { AppRecord } from '../apps/service'
import { sessions } from '../sessions/schema'
import { IDEMPOTENCY_WINDOW_MS, requestFingerprint } from './installIdempotency'
import { idempotentRequests } from './schema'

const t = useTestContext()
let shop: AppRecord
let counter = 0
const freshEmail = () => `retry${++counter}@example.com`
const shopHeaders = SHOP_SAME_SITE_HEADERS

beforeAll(async () => {
  shop = await createShopApp(t, { customApi: true })
})

function authenticate(
  body: Record<string, unknown>,
  key: string | undefined,
  options: { appId?: string; headers?: Record<string, string> } = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    json: body,
    ...(options.appId ? { appId: options.appId } : {}),
    headers: { ...options.headers, ...(key ? { 'idempotency-key': key } : {}) },
  })
}

function cookieNames(response: LightMyRequestResponse): string[] {
  return (response.cookies as { name: string }[]).map((cookie) => cookie.name).sort()
}

describe('Idempotency-Key (docs/api.md#retries)', () => {
  test('behavior: a retried authenticate gets the first answer again; one session is created', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const key = randomUUID()
    const first = await authenticate({ email, code }, key)
    expect(first.statusCode).toBe(200)
    const retry = await authenticate({ email, code }, key)
    expect(retry.statusCode).toBe(200)
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(retry.json()).toEqual(first.json())
    const answer = authResponseSchema.parse(retry.json())
    const userId = answer.user.id.replace(/^did:foyer:/, '')
    const rows = await t.db.orm.select().from(sessions).where(eq(sessions.userId, userId))
    expect(rows).toHaveLength(1)
  })

  test('error: without the key (or with another key) a used code stays used', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    expect((await authenticate({ email, code }, randomUUID())).statusCode).toBe(200)
    expect((await authenticate({ email, code }, undefined)).statusCode).toBe(401)
    expect((await authenticate({ email, code }, randomUUID())).statusCode).toBe(401)
  })

  test('error: the same key with another body answers 422 invalid_data and acts on nothing', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const key = randomUUID()
    expect(
      (await authenticate({ email, code: '000000' === code ? '111111' : '000000' }, key)).statusCode,
    ).toBe(401)
    const other = await authenticate({ email, code }, key)
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({ code: 'invalid_data' })
  })

  test('behavior: an error answer is replayed as is (the call ran once)', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const key = randomUUID()
    const first = await authenticate({ email, code: wrong }, key)
    expect(first.statusCode).toBe(401)
    const retry = await authenticate({ email, code: wrong }, key)
    expect(retry.statusCode).toBe(401)
    expect(retry.json()).toEqual(first.json())
    expect(retry.headers['idempotent-replayed']).toBe('true')
  })

  test('behavior: the replay repeats the session cookies of server-cookie mode', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email, shop.id)
    const key = randomUUID()
    const first = await authenticate({ email, code }, key, { appId: shop.id, headers: shopHeaders })
    expect(first.statusCode).toBe(200)
    expect(cookieNames(first).length).toBeGreaterThan(0)
    const retry = await authenticate({ email, code }, key, { appId: shop.id, headers: shopHeaders })
    expect(retry.statusCode).toBe(200)
    expect(cookieNames(retry)).toEqual(cookieNames(first))
  })

  test('behavior: while the first attempt runs, a retry answers 409 (retried by clients)', async () => {
    const key = randomUUID()
    const email = freshEmail()
    const code = await t.sendCode(email)
    // The record of a first attempt still running.
    const { createHash } = await import('node:crypto')
    const keyHash = createHash('sha256').update(`${t.demoApp.id}\n${key}`).digest('hex')
    await t.db.orm.insert(idempotentRequests).values({
      keyHash,
      requestHash: requestFingerprint({
        method: 'POST',
        url: '/api/v1/passwordless/authenticate',
        body: { email, code },
      }),
      createdAt: new Date(t.now()),
      expiresAt: new Date(t.now() + IDEMPOTENCY_WINDOW_MS),
    })
    const retry = await authenticate({ email, code }, key)
    expect(retry.statusCode).toBe(409)
    expect(retry.json()).toMatchObject({ code: 'resource_conflict' })
  })

  test('behavior: after the window the key is free again; the stored answer is sealed', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const key = randomUUID()
    const first = await authenticate({ email, code }, key)
    const [row] = await t.db.orm.select().from(idempotentRequests).where(eq(idempotentRequests.status, 200))
    expect(row?.sealedAnswer).toMatch(/^v1\./)
    expect(row?.sealedAnswer).not.toContain((first.json() as { token: string }).token)
    t.advance(IDEMPOTENCY_WINDOW_MS + 1)
    expect((await authenticate({ email, code }, key)).statusCode).toBe(401)
  })

  test('error: a malformed key answers 400 invalid_data', async () => {
    const response = await authenticate({ email: freshEmail(), code: '123456' }, 'short')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'invalid_data' })
  })
})
