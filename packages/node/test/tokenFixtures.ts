import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, exportSPKI, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose'

export const appId = 'testapp000000000000000000'

/** An ES256 key pair with its kid, public PEM and public JWK (as the server's JWKS lists it). */
export async function createKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }
  return { kid, privateKey, publicKey, publicPem: await exportSPKI(publicKey), publicJwk }
}
export type TestKey = Awaited<ReturnType<typeof createKey>>

/**
 * Signs a token as the Foyer server does (docs/api.md): access = `typ: JWT` with `sid`;
 * identity = `typ: id+jwt` with `linked_accounts` as a JSON string. Overrides replace claims (a value of
 * `undefined` drops the claim) and header fields.
 */
export async function signToken(
  key: TestKey,
  options: {
    kind?: 'access' | 'identity'
    claims?: Record<string, unknown>
    header?: Record<string, unknown>
    ttlSeconds?: number
    signOptions?: Parameters<SignJWT['sign']>[1]
  } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const kind = options.kind ?? 'access'
  const base: Record<string, unknown> = {
    sub: 'did:foyer:user1',
    iss: 'foyer',
    aud: appId,
    iat: now,
    exp: now + (options.ttlSeconds ?? 3600),
    ...(kind === 'access'
      ? { sid: 'session1' }
      : { linked_accounts: JSON.stringify([{ type: 'email', address: 'ada@example.com' }]) }),
  }
  const claims = Object.fromEntries(
    Object.entries({ ...base, ...options.claims }).filter(([, value]) => value !== undefined),
  ) as JWTPayload
  return new SignJWT(claims)
    .setProtectedHeader({
      alg: 'ES256',
      typ: kind === 'access' ? 'JWT' : 'id+jwt',
      kid: key.kid,
      ...options.header,
    } as Parameters<SignJWT['setProtectedHeader']>[0])
    .sign(key.privateKey, options.signOptions)
}

/** base64url of a JSON value. */
export function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/**
 * A JWKS (or any JSON) server on 127.0.0.1:0 built on node:http: `keys` can be replaced to rotate, `status`
 * forced, `hits` counts requests per path.
 */
export async function startJwksServer(keys: JWK[]) {
  const state = { keys, status: 200, hits: new Map<string, number>() }
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/'
    state.hits.set(path, (state.hits.get(path) ?? 0) + 1)
    if (path === '/redirect') {
      response.writeHead(302, { location: '/jwks.json' }).end()
      return
    }
    response.writeHead(state.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ keys: state.keys }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    state,
    origin,
    jwksUrl: `${origin}/jwks.json`,
    hitsTo: (path: string) => state.hits.get(path) ?? 0,
    totalHits: () => [...state.hits.values()].reduce((sum, count) => sum + count, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
