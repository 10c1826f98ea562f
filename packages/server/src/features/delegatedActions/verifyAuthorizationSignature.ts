import { createPublicKey, verify } from 'node:crypto'
import { type AuthorizationSignatureRequest, authorizationSignaturePayload } from '@foyer/protocol'

/**
 * Whether one of the signatures in a `privy-authorization-signature` header value (comma-separated base64
 * DER ECDSA signatures) signs the request's canonical payload (docs/authorization-signatures.md) under the
 * P-256 public key `publicKey` (base64 SPKI DER). A malformed header, signature or key is `false`, never
 * thrown. It proves who signed what; that a request is not replayed is the idempotency key's job.
 */
export function verifyAuthorizationSignature(parameters: {
  publicKey: string
  header: string | undefined
  request: AuthorizationSignatureRequest
}): boolean {
  if (!parameters.header) return false
  let key: ReturnType<typeof createPublicKey>
  let payload: Uint8Array
  try {
    key = createPublicKey({ key: Buffer.from(parameters.publicKey, 'base64'), format: 'der', type: 'spki' })
    if (key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return false
    payload = authorizationSignaturePayload(parameters.request)
  } catch {
    return false
  }
  return parameters.header
    .split(',')
    .slice(0, 10)
    .some((signature) => {
      try {
        return verify('sha256', payload, key, Buffer.from(signature.trim(), 'base64'))
      } catch {
        return false
      }
    })
}
