import { createHmac } from 'node:crypto'
import { headers } from '@foyer/protocol'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { deriveKey } from '../../crypto/deriveKey'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import { sha256Hex } from '../../crypto/sha256Hex'
import { preparedStatement } from '../../db/preparedStatement'
import type { FoyerHttpError } from '../../errors/FoyerHttpError'
import { foyerError } from '../../errors/foyerError'
import { requestAppId } from '../../http/requestAppId'
import type { ServerContext } from '../../ServerContext'
import { idempotentRequests } from './schema'

/**
 * How long the first answer to a call is kept for its retries, in ms: longer than a client's four attempts
 * with their time-outs (4 × 20 s) and waits (0.5 + 1.5 + 4.5 s) (docs/api.md#retries).
 */
export const IDEMPOTENCY_WINDOW_MS = 120_000

/** An `Idempotency-Key` value: 16 to 255 visible ASCII characters (a UUID is 36). */
const KEY_PATTERN = /^[\x21-\x7e]{16,255}$/

/** Response headers a replay repeats: the body's type and the session cookies of a sign-in. */
const REPLAYED_HEADERS = ['content-type', 'set-cookie'] as const

/** A stored answer, before sealing. */
type StoredAnswer = { headers: Record<string, string | string[]>; body: string }

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency record this request owns (it runs the call and stores the answer). */
    idempotencyRecord?: { keyHash: string; key: string } | undefined
  }
}

/**
 * Claims the record of `keyHash` for a new run: inserts it, or takes over an expired one, in one
 * statement; no row when a live record exists (an earlier attempt of the same call).
 */
const claimRecord = preparedStatement<{ key_hash: string }>(
  'foyer_claim_idempotent_request',
  sql`
  insert into ${idempotentRequests} (key_hash, request_hash, status, sealed_answer, created_at, expires_at)
  values (${sql.placeholder('keyHash')}, ${sql.placeholder('requestHash')}, null, null,
    ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('expiresAt')}::timestamptz)
  on conflict (key_hash) do update set request_hash = excluded.request_hash, status = null,
    sealed_answer = null, created_at = excluded.created_at, expires_at = excluded.expires_at
  where ${idempotentRequests}.expires_at <= ${sql.placeholder('now')}::timestamptz
  returning key_hash`,
)

/** The AES-256-GCM key of one stored answer: HMAC-SHA256 of the idempotency key under a master sub-key. */
function answerKey(context: ServerContext, key: string): Buffer {
  return createHmac('sha256', deriveKey(context.masterKey, 'idempotent-answer')).update(key).digest()
}

/**
 * SHA-256 (hex) of what makes two requests "the same call": method, URL, Authorization and the parsed
 * body, as a JSON array.
 */
export function requestFingerprint(request: {
  method: string
  url: string
  authorization?: string | undefined
  body: unknown
}): string {
  return sha256Hex(
    JSON.stringify([
      request.method,
      request.url,
      request.authorization ?? '',
      request.body === undefined ? null : request.body,
    ]),
  )
}

/** The {@link requestFingerprint} of `request`. */
function requestHash(request: FastifyRequest): string {
  return requestFingerprint({
    method: request.method,
    url: request.url,
    authorization: request.headers.authorization,
    body: request.body,
  })
}

/**
 * Idempotent retries (docs/api.md#retries; draft-ietf-httpapi-idempotency-key-header): a non-GET request
 * with an `Idempotency-Key` header (16–255 visible ASCII characters, else 400 `invalid_data`) is run once
 * per (app, key) within {@link IDEMPOTENCY_WINDOW_MS}:
 * - the first attempt claims the record atomically (`INSERT … ON CONFLICT DO UPDATE … WHERE expired`) and
 *   runs; its answer (status < 500: headers `content-type` and `set-cookie`, body) is stored sealed; an
 *   answer ≥ 500 releases the record so that a retry runs the call again;
 * - a later attempt with the same key and the same method, URL, Authorization and body gets that stored
 *   answer again (header `idempotent-replayed: true`), a sign-in's cookies included; while the first still
 *   runs, 409 `resource_conflict` (retried by clients); with another request, 422 `invalid_data`.
 * Requests without the header are untouched.
 */
export function installIdempotency(app: FastifyInstance, context: ServerContext): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return
    const key = request.headers[headers.idempotencyKey]
    if (key === undefined) return
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw foyerError('idempotencyKeyInvalid')
    const keyHash = sha256Hex(`${requestAppId(request) ?? ''}\n${key}`)
    const hash = requestHash(request)
    const nowMs = context.now()
    const claimed = await claimRecord(context.db, {
      keyHash,
      requestHash: hash,
      now: new Date(nowMs).toISOString(),
      expiresAt: new Date(nowMs + IDEMPOTENCY_WINDOW_MS).toISOString(),
    })
    if (claimed.length > 0) {
      request.idempotencyRecord = { keyHash, key }
      return
    }
    const [record] = await context.db.orm
      .select()
      .from(idempotentRequests)
      .where(eq(idempotentRequests.keyHash, keyHash))
    // Released meanwhile (the first attempt failed with ≥ 500): the client's next retry runs it.
    if (!record || record.status === null || record.sealedAnswer === null) {
      if (record && record.requestHash !== hash) throw reused()
      throw foyerError('idempotentRequestRunning')
    }
    if (record.requestHash !== hash) throw reused()
    return replay(reply, record.status, openAnswer(context, key, keyHash, record.sealedAnswer))
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const record = request.idempotencyRecord
    if (!record) return payload
    request.idempotencyRecord = undefined
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null
    if (reply.statusCode >= 500 || !storable) {
      await context.db.orm.delete(idempotentRequests).where(eq(idempotentRequests.keyHash, record.keyHash))
      return payload
    }
    const answer: StoredAnswer = { headers: {}, body: payload == null ? '' : payload.toString() }
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name)
      if (typeof value === 'string' || Array.isArray(value)) answer.headers[name] = value
      else if (typeof value === 'number') answer.headers[name] = String(value)
    }
    await context.db.orm
      .update(idempotentRequests)
      .set({
        status: reply.statusCode,
        sealedAnswer: sealSecret(answerKey(context, record.key), JSON.stringify(answer), record.keyHash),
      })
      .where(eq(idempotentRequests.keyHash, record.keyHash))
    return payload
  })
}

function reused(): FoyerHttpError {
  return foyerError('idempotencyKeyReused')
}

function openAnswer(context: ServerContext, key: string, keyHash: string, sealed: string): StoredAnswer {
  return JSON.parse(openSecret(answerKey(context, key), sealed, keyHash)) as StoredAnswer
}

function replay(reply: FastifyReply, status: number, answer: StoredAnswer): FastifyReply {
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value)
  reply.header('idempotent-replayed', 'true')
  // The stored body is already serialized: a string with a JSON content type is sent as is.
  return reply.code(status).send(answer.body)
}
