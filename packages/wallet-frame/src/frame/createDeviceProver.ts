import { DEVICE_PROOF_TYP } from '@foyer/protocol'
import { base64url, exportJWK, SignJWT } from 'jose'
import type { DeviceKeyStore } from './DeviceKeyStore'

/** Signs device proofs with the frame's device key (`docs/security.md#device-keys`). */
export type DeviceProver = {
  /**
   * A proof for one request, in the shape of an RFC 9449 DPoP proof: header `{ typ: 'dpop+jwt', alg:
   * 'ES256', jwk }`, claims `htm`, `htu` (absolute URL without query), `iat` (Unix seconds), `jti` (random),
   * `ath` (base64url SHA-256 of `accessToken`) and the server's single-use `nonce`. Makes the device key on
   * first use.
   */
  sign(parameters: {
    method: string
    url: string
    accessToken: string
    nonce: string
    /** `iat` in Unix seconds; default: this device's clock. */
    issuedAt?: number | undefined
  }): Promise<string>
  /** Forgets the device key (it was revoked): the next proof uses a new key, which must be registered. */
  forget(): Promise<void>
}

/**
 * Creates the frame's {@link DeviceProver} over `keys`. The key pair is made with WebCrypto as
 * non-extractable (ECDSA P-256): its private half can sign but never leaves the browser's key store.
 *
 * @example const prover = createDeviceProver({ keys: createIndexedDbDeviceKeyStore(indexedDB, { appId }) })
 */
export function createDeviceProver(parameters: { keys: DeviceKeyStore; now?: () => number }): DeviceProver {
  const now = parameters.now ?? Date.now
  let pending: Promise<{ pair: CryptoKeyPair; jwk: Record<string, unknown> }> | undefined
  function key() {
    pending ??= (async () => {
      let pair = await parameters.keys.get()
      if (!pair) {
        const made = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
          'sign',
          'verify',
        ])
        pair = await parameters.keys.putIfAbsent(made)
      }
      const { kty, crv, x, y } = await exportJWK(pair.publicKey)
      return { pair, jwk: { kty, crv, x, y } }
    })().catch((error: unknown) => {
      pending = undefined
      throw error
    })
    return pending
  }
  return {
    async sign({ method, url, accessToken, nonce, issuedAt }) {
      const { pair, jwk } = await key()
      const digest = new Uint8Array(
        await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken)),
      )
      const htu = new URL(url)
      htu.search = ''
      htu.hash = ''
      return new SignJWT({
        htm: method,
        htu: htu.href,
        ath: base64url.encode(digest),
        nonce,
        jti: crypto.randomUUID(),
      })
        .setProtectedHeader({ typ: DEVICE_PROOF_TYP, alg: 'ES256', jwk })
        .setIssuedAt(issuedAt ?? Math.floor(now() / 1000))
        .sign(pair.privateKey)
    },
    async forget() {
      pending = undefined
      await parameters.keys.delete()
    },
  }
}
