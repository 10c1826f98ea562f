import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Signer } from './createSigner'
import {
  SIGNER_CLOCK_SKEW_SECONDS,
  SIGNER_NONCE_HEADER,
  SIGNER_SIGNATURE_HEADER,
  SIGNER_TIMESTAMP_HEADER,
  signBodySchema,
  verifyBodySchema,
  verifySignerRequest,
} from './signerProtocol'

/**
 * The signer process's HTTP interface (docs/operations.md#signer), for the server only:
 * - `GET /v1/public_key` → `{ public_key }` (base64 of the uncompressed P-256 point);
 * - `POST /v1/delegations/verify` `{ binding, encryptedShare, authShare, wallets }` → `{ valid }`;
 * - `POST /v1/sign` `{ binding, encryptedShare, authShare, walletIndex, address, request, prepared? }` →
 *   `{ status: 'signed', signature }` or `{ status: 'refused', code, reason }`;
 * - `GET /healthz` → `{ ok: true }` (no authentication, no key material).
 * Every other request needs the shared secret's signature over its timestamp and nonce (`signerProtocol.ts`):
 * 401 `unauthorized` without it, with a stale timestamp or a malformed nonce, or replayed; a body that does not parse is 400 `invalid_request`.
 */
export function createSignerServer(options: {
  signer: Signer
  secret: Uint8Array
  now?: () => number
  logger?: FastifyServerOptions['logger']
}): FastifyInstance {
  const { signer, secret } = options
  const now = options.now ?? Date.now
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 256 * 1024 })
  /** Signatures seen within the clock window, by expiry (ms): a replay is refused. */
  const seen = new Map<string, number>()

  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.get('/healthz', async () => ({ ok: true }))

  app.addHook('preHandler', async (request, reply) => {
    if (request.url === '/healthz') return
    const timestamp = Number(request.headers[SIGNER_TIMESTAMP_HEADER])
    const signature = request.headers[SIGNER_SIGNATURE_HEADER]
    const nonce = request.headers[SIGNER_NONCE_HEADER]
    const nowMs = now()
    for (const [key, expires] of seen) if (expires < nowMs) seen.delete(key)
    const fresh =
      Number.isSafeInteger(timestamp) && Math.abs(nowMs / 1000 - timestamp) <= SIGNER_CLOCK_SKEW_SECONDS
    const body = typeof request.body === 'string' ? request.body : ''
    if (
      !fresh ||
      typeof signature !== 'string' ||
      typeof nonce !== 'string' ||
      seen.has(signature) ||
      !verifySignerRequest(
        secret,
        { timestamp, nonce, method: request.method, path: request.url, body },
        signature,
      )
    )
      return reply.code(401).send({ error: 'Not signed by the server', code: 'unauthorized' })
    seen.set(signature, nowMs + 2 * SIGNER_CLOCK_SKEW_SECONDS * 1000)
  })

  const parse = <T>(
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
    body: unknown,
  ) => {
    try {
      const parsed = schema.safeParse(JSON.parse(String(body)))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }
  const invalid = { error: 'The request does not parse', code: 'invalid_request' }

  app.get('/v1/public_key', async () => ({ public_key: signer.publicKey }))
  app.post('/v1/delegations/verify', async (request, reply) => {
    const body = parse(verifyBodySchema, request.body)
    if (!body) return reply.code(400).send(invalid)
    return { valid: await signer.verifyDelegation(body) }
  })
  app.post('/v1/sign', async (request, reply) => {
    const body = parse(signBodySchema, request.body)
    if (!body) return reply.code(400).send(invalid)
    return signer.sign(body)
  })
  return app
}
