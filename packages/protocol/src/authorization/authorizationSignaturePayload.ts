import canonicalize from 'canonicalize'

/** The header that carries a request's authorization signatures, comma-separated (docs/authorization-signatures.md). */
export const AUTHORIZATION_SIGNATURE_HEADER = 'privy-authorization-signature'
/** The prefix of an authorization private key as the host stores it: `wallet-auth:<base64 PKCS #8 DER>`. */
export const AUTHORIZATION_KEY_PREFIX = 'wallet-auth:'

export type AuthorizationSignatureRequest = {
  /** The HTTP method; signatures are not made for GET. */
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** The full URL of the request, without a trailing slash. */
  url: string
  /** The JSON body as sent. */
  body: unknown
  /** The `privy-app-id` header. */
  appId: string
  /** The `privy-idempotency-key` header, when the request carries one. */
  idempotencyKey?: string | undefined
}

/**
 * The bytes an authorization signature signs (docs/authorization-signatures.md): the JSON `{ version: 1,
 * method, url, body, headers: { 'privy-app-id', 'privy-idempotency-key'? } }` in the canonical form of RFC 8785
 * (JSON Canonicalization Scheme), UTF-8. Throws `TypeError` when the body is not JSON (a bigint, a cycle).
 */
export function authorizationSignaturePayload(request: AuthorizationSignatureRequest): Uint8Array {
  const canonical = canonicalize({
    version: 1,
    method: request.method,
    url: request.url.replace(/\/+$/, ''),
    body: request.body,
    headers: {
      'privy-app-id': request.appId,
      ...(request.idempotencyKey === undefined ? {} : { 'privy-idempotency-key': request.idempotencyKey }),
    },
  })
  if (canonical === undefined) throw new TypeError('The request cannot be canonicalized as JSON')
  return new TextEncoder().encode(canonical)
}
