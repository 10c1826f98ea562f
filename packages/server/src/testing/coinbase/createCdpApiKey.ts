import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto'

/** A CDP Secret API key as Coinbase's portal hands it out, with the public half Coinbase keeps. */
export type CdpApiKey = {
  /** The key's id (a UUID): the JWT's `kid` and `sub`. */
  id: string
  /**
   * The secret the app stores (`funding_providers.coinbase.api_key_secret`): for Ed25519, base64 of the
   * 32-byte seed then the 32-byte public key; for ECDSA, the P-256 key as SEC1 PEM (`EC PRIVATE KEY`).
   */
  secret: string
  /** The public key Coinbase verifies the JWTs with. */
  publicKey: KeyObject
  algorithm: 'Ed25519' | 'ES256'
}

/**
 * A fresh CDP Secret API key in the format Coinbase's portal gives (Ed25519, the portal's recommended kind,
 * or ECDSA P-256), for the Coinbase Onramp stand-in and tests.
 *
 * @example const key = createCdpApiKey('Ed25519') // { id, secret: 'base64…==', publicKey, algorithm }
 */
export function createCdpApiKey(algorithm: 'Ed25519' | 'ES256' = 'Ed25519'): CdpApiKey {
  const id = randomUUID()
  if (algorithm === 'ES256') {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    return { id, secret: privateKey.export({ type: 'sec1', format: 'pem' }).toString(), publicKey, algorithm }
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const jwk = privateKey.export({ format: 'jwk' })
  const secret = Buffer.concat([
    Buffer.from(jwk.d ?? '', 'base64url'),
    Buffer.from(jwk.x ?? '', 'base64url'),
  ]).toString('base64')
  return { id, secret, publicKey, algorithm }
}
