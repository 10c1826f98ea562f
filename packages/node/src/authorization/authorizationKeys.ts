import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto'
import {
  AUTHORIZATION_KEY_PREFIX,
  type AuthorizationSignatureRequest,
  authorizationSignaturePayload,
} from '@foyer/protocol'

/** An app's authorization key pair (docs/authorization-signatures.md#keys). */
export type AuthorizationKeyPair = {
  /** `wallet-auth:` and the base64 PKCS #8 DER of a P-256 private key: kept by the host's back end only. */
  privateKey: string
  /** The base64 SPKI DER of its public key: registered with the server. */
  publicKey: string
}

/** A new P-256 authorization key pair (docs/authorization-signatures.md#keys). */
export function generateAuthorizationKeyPair(): AuthorizationKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return {
    privateKey: `${AUTHORIZATION_KEY_PREFIX}${privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')}`,
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  }
}

/** The public key (base64 SPKI DER) of an authorization private key (`wallet-auth:…`). */
export function authorizationPublicKey(authorizationKey: string): string {
  return createPublicKey(privateKeyObject(authorizationKey))
    .export({ format: 'der', type: 'spki' })
    .toString('base64')
}

/**
 * The `privy-authorization-signature` value of a request (docs/authorization-signatures.md): ECDSA P-256 with
 * SHA-256 over the request's RFC 8785 canonical payload, DER-encoded, base64. Throws `TypeError` for a key
 * that is not `wallet-auth:` and a P-256 PKCS #8 key.
 */
export function signAuthorizationRequest(
  authorizationKey: string,
  request: AuthorizationSignatureRequest,
): string {
  return sign('sha256', authorizationSignaturePayload(request), privateKeyObject(authorizationKey)).toString(
    'base64',
  )
}

function privateKeyObject(authorizationKey: string) {
  if (!authorizationKey.startsWith(AUTHORIZATION_KEY_PREFIX))
    throw new TypeError(`An authorization key starts with '${AUTHORIZATION_KEY_PREFIX}'`)
  const key = createPrivateKey({
    key: Buffer.from(authorizationKey.slice(AUTHORIZATION_KEY_PREFIX.length), 'base64'),
    format: 'der',
    type: 'pkcs8',
  })
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new TypeError('An authorization key is a P-256 key')
  return key
}
