import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

/** Authenticator-data flags (WebAuthn §6.1): user present, user verified, attested credential data. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

/** A credential held by {@link createSoftAuthenticator}: id, P-256 key, signature counter. */
export type SoftCredential = {
  id: Uint8Array<ArrayBuffer>
  privateKey: KeyObject
  cose: Uint8Array
  counter: number
}

function sha256(data: Uint8Array | string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(data).digest())
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

function uint32(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value)
  return out
}

function clientData(
  type: 'webauthn.create' | 'webauthn.get',
  challenge: string,
  origin: string,
): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
}

/**
 * The `PublicKeyCredential` JSON a platform authenticator's credential `id` answers with: `id` and `rawId`
 * (base64url), `type: 'public-key'`, no extension results, and the ceremony's `response`.
 */
function platformCredential<Response>(id: Uint8Array<ArrayBuffer>, response: Response) {
  const credentialId = isoBase64URL.fromBuffer(id)
  return {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key' as const,
    clientExtensionResults: {},
    authenticatorAttachment: 'platform' as const,
    response,
  }
}

/**
 * A software WebAuthn authenticator for tests (no verifier mocks): P-256 (ES256) credentials, attestation
 * 'none' in CBOR, assertions signed over `authenticatorData ‖ SHA-256(clientDataJSON)` as WebAuthn §6.3.3
 * prescribes. `register` and `assert` produce exactly what `@simplewebauthn/browser` sends.
 *
 * @example
 * const authenticator = createSoftAuthenticator()
 * const { response, credential } = authenticator.register({ challenge, origin, rpId })
 */
export function createSoftAuthenticator() {
  return {
    /** A registration response (`navigator.credentials.create`) for a new credential. */
    register(parameters: {
      challenge: string
      origin: string
      rpId: string
      /** 16-byte AAGUID; default zeros. */
      aaguid?: Uint8Array
      /** Reuse this credential id (to test uniqueness); default 32 random bytes. */
      credentialId?: Uint8Array<ArrayBuffer>
      counter?: number
      type?: 'webauthn.create' | 'webauthn.get'
    }): { response: RegistrationResponseJSON; credential: SoftCredential } {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
          [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
        ]),
      )
      const id = parameters.credentialId ?? new Uint8Array(randomBytes(32))
      const counter = parameters.counter ?? 0
      const idLength = new Uint8Array([id.length >> 8, id.length & 0xff])
      const authData = concat(
        sha256(parameters.rpId),
        new Uint8Array([UP | UV | AT]),
        uint32(counter),
        parameters.aaguid ?? new Uint8Array(16),
        idLength,
        id,
        cose,
      )
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      )
      return {
        credential: { id, privateKey, cose, counter },
        response: platformCredential(id, {
          clientDataJSON: isoBase64URL.fromBuffer(
            clientData(parameters.type ?? 'webauthn.create', parameters.challenge, parameters.origin),
          ),
          attestationObject: isoBase64URL.fromBuffer(new Uint8Array(attestationObject)),
          transports: ['internal'],
        }),
      }
    },

    /**
     * An assertion (`navigator.credentials.get`) by `credential`, with signature counter `counter`; the
     * user-verified flag is set unless `userVerified: false` (an authenticator that only tested presence).
     */
    assert(parameters: {
      credential: SoftCredential
      challenge: string
      origin: string
      rpId: string
      counter: number
      userHandle?: string
      userVerified?: boolean
    }): AuthenticationResponseJSON {
      const flags = parameters.userVerified === false ? UP : UP | UV
      const authData = concat(sha256(parameters.rpId), new Uint8Array([flags]), uint32(parameters.counter))
      const data = clientData('webauthn.get', parameters.challenge, parameters.origin)
      const signature = sign('sha256', concat(authData, sha256(data)), parameters.credential.privateKey)
      return platformCredential(parameters.credential.id, {
        clientDataJSON: isoBase64URL.fromBuffer(data),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        ...(parameters.userHandle ? { userHandle: parameters.userHandle } : {}),
      })
    },
  }
}
