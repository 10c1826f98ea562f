import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'

/** The demo host's issuer and the audience of its tokens (configure the Foyer app's `custom_jwt_auth` with them). */
export const HOST_ISSUER = 'foyer-demo-host'
export const HOST_AUDIENCE = 'foyer-demo'
const KID = 'demo-host-1'

let keys: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined

/** The host's ES256 signing key, generated once per dev-server process. */
function hostKeys() {
  keys ??= generateKeyPair('ES256', { extractable: true }).then(async ({ privateKey, publicKey }) => ({
    privateKey: privateKey as CryptoKey,
    jwk: { ...(await exportJWK(publicKey)), kid: KID, alg: 'ES256', use: 'sig' },
  }))
  return keys
}

/**
 * The demo host's identity provider (end-to-end): it stands for the host app's own login.
 * - `GET /api/host/jwks.json` → `{ keys: [ES256 public JWK] }`, the JWKS URL the Foyer app pins;
 * - `GET /api/host/login?user=<name>` → `{ token }`, a 10-minute ES256 JWT with `iss` {@link HOST_ISSUER},
 *   `aud` {@link HOST_AUDIENCE}, `sub` = the user name (letters, digits, `-`, `_`; at most 64) and an
 *   `email` claim that Foyer ignores as an identifier.
 * Answers 404 for other paths, 400 for a bad user name. No password: this is a demo.
 */
export async function handleHostIdentity(request: {
  url: string
}): Promise<{ status: number; body: unknown }> {
  const url = new URL(request.url, 'http://demo.local')
  const { privateKey, jwk } = await hostKeys()
  if (url.pathname === '/api/host/jwks.json') return { status: 200, body: { keys: [jwk] } }
  if (url.pathname === '/api/host/login') {
    const user = url.searchParams.get('user') ?? ''
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(user))
      return { status: 400, body: { error: 'user must be 1–64 letters, digits, - or _' } }
    const token = await new SignJWT({ email: `${user}@host.example` })
      .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
      .setIssuer(HOST_ISSUER)
      .setAudience(HOST_AUDIENCE)
      .setSubject(user)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey)
    return { status: 200, body: { token } }
  }
  return { status: 404, body: { error: 'Not found' } }
}
