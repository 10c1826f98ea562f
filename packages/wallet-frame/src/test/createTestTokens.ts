import type { FrameJwk } from '../frame/FrameApi'

const base64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const json = (value: unknown) => base64Url(new TextEncoder().encode(JSON.stringify(value)))

/** An ES256 key pair and a signer of access tokens shaped like the server's (tests only). */
export async function createTestTokens(appId: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  const publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey)
  const jwk: FrameJwk = { kty: 'EC', crv: 'P-256', x: publicJwk.x!, y: publicJwk.y!, kid: 'test-kid' }
  async function sign(
    claims: Record<string, unknown>,
    header: Record<string, unknown> = {},
    key: CryptoKey = pair.privateKey,
  ): Promise<string> {
    const input = `${json({ alg: 'ES256', typ: 'JWT', kid: 'test-kid', ...header })}.${json(claims)}`
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      new TextEncoder().encode(input),
    )
    return `${input}.${base64Url(new Uint8Array(signature))}`
  }
  return {
    jwk,
    sign,
    /** A valid access token for `sub`, expiring `ttl` seconds after `nowMs`. */
    accessToken: (sub: string, nowMs: number, ttl = 3600) =>
      sign({
        sid: 's',
        sub,
        aud: appId,
        iss: 'foyer',
        iat: Math.floor(nowMs / 1000),
        exp: Math.floor(nowMs / 1000) + ttl,
      }),
  }
}
