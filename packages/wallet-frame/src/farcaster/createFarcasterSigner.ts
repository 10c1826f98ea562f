import type { FarcasterSigner, FarcasterSignerInitRequest } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, hexToBytes } from 'viem'
import { FrameRequestError } from '../errors/FrameRequestError'
import type { DeviceShareStore } from '../frame/DeviceShareStore'

/** Parameters of {@link createFarcasterSigner}. */
export type CreateFarcasterSignerParameters = {
  appId: string
  /**
   * Where the signer keys persist: the store that keeps the wallet's device shares (IndexedDB on the
   * frame's origin, which the host page cannot read), under `<appId>:farcaster-signer:<user DID>`.
   */
  keys: DeviceShareStore
  /** `POST /api/v1/farcaster/signer/init` with the user's access token (the frame's server client). */
  initSigner(accessToken: string, body: FarcasterSignerInitRequest): Promise<FarcasterSigner>
}

/** The frame's Farcaster signer: `init` and `sign` for one verified user (the caller checks the token). */
export type FarcasterSignerHandlers = {
  /** Creates the user's signer key if there is none (or the last one was revoked) and asks the server for a signed key request. */
  init(accessToken: string, subject: string): Promise<FarcasterSigner>
  /** Signs `hash` with the user's signer key: ed25519 (RFC 8032), 64 bytes as `0x` hex. */
  sign(subject: string, hash: `0x${string}`): Promise<{ signature: string }>
}

/**
 * The Farcaster signer inside the wallet frame (docs/api.md `farcaster:init-signer`, `farcaster:sign`): an
 * ed25519 key made with `crypto.getRandomValues` (via @noble/curves), one per user and app. The private key
 * never leaves the frame: only its public key goes to the server, and only signatures go to the host.
 *
 * Storage: the 32-byte private key is kept like the wallet's device share — raw bytes in the frame origin's
 * IndexedDB (`keys`), which the host page cannot read (docs/security.md), so it survives a
 * reload. Unlike a device share it is a whole key, not a share: anyone with script access to the frame's
 * origin could read it, the same exposure as the frame's memory. Where the browser refuses the frame
 * storage, the store falls back to memory and a reload means a new key and a new approval.
 *
 * Errors: `FrameRequestError('error', 'No Farcaster signer on this device')` when signing without a key.
 *
 * @example
 * const signer = createFarcasterSigner({ appId, keys: deviceShares, initSigner: api.initFarcasterSigner })
 * const { signature } = await signer.sign(subject, '0x…')
 */
export function createFarcasterSigner(parameters: CreateFarcasterSignerParameters): FarcasterSignerHandlers {
  const { keys } = parameters
  const keyName = (subject: string) => `${parameters.appId}:farcaster-signer:${subject}`
  const inFlight = new Map<string, Promise<FarcasterSigner>>()

  async function initFresh(accessToken: string, subject: string): Promise<FarcasterSigner> {
    const stored = await keys.get(keyName(subject))
    if (stored) {
      const signer = await parameters.initSigner(accessToken, {
        ed25519_public_key: bytesToHex(ed25519.getPublicKey(stored)),
      })
      if (signer.status !== 'revoked') return signer
    }
    // No key yet, or the user revoked the last one: a new key, kept only once the server took it.
    const secretKey = ed25519.utils.randomSecretKey()
    const signer = await parameters.initSigner(accessToken, {
      ed25519_public_key: bytesToHex(ed25519.getPublicKey(secretKey)),
    })
    await keys.set(keyName(subject), secretKey)
    return signer
  }

  return {
    init(accessToken, subject) {
      const pending = inFlight.get(subject)
      if (pending) return pending
      const work = initFresh(accessToken, subject).finally(() => inFlight.delete(subject))
      inFlight.set(subject, work)
      return work
    },
    async sign(subject, hash) {
      const secretKey = await keys.get(keyName(subject))
      if (!secretKey) throw new FrameRequestError('error', 'No Farcaster signer on this device')
      return { signature: bytesToHex(ed25519.sign(hexToBytes(hash), secretKey)) }
    },
  }
}
