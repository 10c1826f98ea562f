import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { base58 } from '@scure/base'
import nacl from 'tweetnacl'

// A stand-in of Phantom's universal-link endpoint (`https://phantom.app/ul/v1/{method}`) for tests and the
// demo (docs/external-wallets.md "Phantom on a phone"). It checks what Phantom checks: a 32-byte x25519
// `dapp_encryption_public_key`, a 24-byte `nonce`, a payload that decrypts with the secret shared at
// `connect`, a session token it issued for that key, and a `redirect_link` it can send the user back to;
// then it answers as the user approving (or refusing, `decision: 'reject'`) with a test Solana key.

/** What the stand-in does with a well-formed request: approve it, or answer as the user refusing (4001). */
export type PhantomStandInDecision = 'approve' | 'reject'

export type PhantomLinkStandInOptions = {
  /** The 32-byte Ed25519 seed of the test Solana key; random when omitted. */
  seed?: Uint8Array
  /** Defaults to `'approve'`; can be changed later through `standIn.decision`. */
  decision?: PhantomStandInDecision
}

/** A request the stand-in refused before it could redirect (no usable `redirect_link`). */
export class PhantomStandInError extends Error {
  constructor(
    readonly code: 'invalid_redirect_link' | 'unknown_method',
    message: string,
  ) {
    super(message)
  }
}

export type PhantomLinkStandIn = {
  /** The test wallet's Solana address (base58). */
  address: string
  /** The test wallet's Ed25519 public key, 32 bytes. */
  publicKey: Uint8Array
  decision: PhantomStandInDecision
  /** Every request handled, in order (method and the redirect it answered with). */
  requests: { method: string; redirect: string }[]
  /**
   * Handles one universal link as Phantom would and returns the URL Phantom sends the user to: the
   * `redirect_link` with the response (or `errorCode`/`errorMessage`) appended to its query.
   *
   * @throws PhantomStandInError when the method is unknown or `redirect_link` is missing or not a URL
   */
  handle(link: string): string
}

const INVALID_PARAMS = -32602
const UNAUTHORIZED = 4100
const USER_REJECTED = 4001

function decode(value: string | null, length?: number): Uint8Array | undefined {
  if (!value) return undefined
  try {
    const bytes = base58.decode(value)
    return length === undefined || bytes.length === length ? bytes : undefined
  } catch {
    return undefined
  }
}

function readShortVec(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i] ?? 0
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, offset + i + 1]
  }
  throw new Error('bad compact-u16')
}

/** Signs a Solana wire transaction (legacy or v0) in the slot of `publicKey` among its required signers. */
function signTransaction(
  wire: Uint8Array,
  secretKey: Uint8Array,
  publicKey: Uint8Array,
): Uint8Array | undefined {
  const [count, sigStart] = readShortVec(wire, 0)
  const messageStart = sigStart + count * 64
  const message = wire.subarray(messageStart)
  const headerAt = (message[0] ?? 0) & 0x80 ? 1 : 0
  const required = message[headerAt] ?? 0
  const [keyCount, keysStart] = readShortVec(message, headerAt + 3)
  for (let i = 0; i < Math.min(required, keyCount, count); i++) {
    const key = message.subarray(keysStart + i * 32, keysStart + (i + 1) * 32)
    if (key.length === 32 && key.every((b, j) => b === publicKey[j])) {
      const signed = wire.slice()
      signed.set(nacl.sign.detached(message, secretKey), sigStart + i * 64)
      return signed
    }
  }
  return undefined
}

/** Creates the stand-in (no server; see {@link startPhantomLinkStandIn} for one over HTTP). */
export function createPhantomLinkStandIn(options: PhantomLinkStandInOptions = {}): PhantomLinkStandIn {
  const signer = nacl.sign.keyPair.fromSeed(options.seed ?? nacl.randomBytes(32))
  const issuer = nacl.sign.keyPair()
  // Per dapp_encryption_public_key: the shared secret and the session token issued for it at `connect`.
  const sessions = new Map<string, { secret: Uint8Array; session: string }>()

  function issueSession(appUrl: string, cluster: string): string {
    const body = new TextEncoder().encode(
      JSON.stringify({ app_url: appUrl, timestamp: Date.now(), chain: 'solana', cluster }),
    )
    return base58.encode(nacl.sign(body, issuer.secretKey))
  }
  function sessionValid(session: unknown): boolean {
    if (typeof session !== 'string') return false
    const bytes = decode(session)
    return !!bytes && nacl.sign.open(bytes, issuer.publicKey) !== null
  }

  const standIn: PhantomLinkStandIn = {
    address: base58.encode(signer.publicKey),
    publicKey: signer.publicKey,
    decision: options.decision ?? 'approve',
    requests: [],
    handle(link) {
      const url = new URL(link)
      const method = url.pathname.split('/').pop() ?? ''
      const params = url.searchParams
      let redirect: URL
      try {
        redirect = new URL(params.get('redirect_link') ?? '')
      } catch {
        throw new PhantomStandInError('invalid_redirect_link', 'redirect_link is missing or not a URL')
      }
      if (['javascript:', 'data:', 'blob:'].includes(redirect.protocol)) {
        throw new PhantomStandInError(
          'invalid_redirect_link',
          `redirect_link may not use ${redirect.protocol}`,
        )
      }
      const answer = (values: Record<string, string>) => {
        for (const [key, value] of Object.entries(values)) redirect.searchParams.set(key, value)
        standIn.requests.push({ method, redirect: redirect.toString() })
        return redirect.toString()
      }
      const fail = (code: number, message: string) =>
        answer({ errorCode: String(code), errorMessage: message })
      const dappKey = decode(params.get('dapp_encryption_public_key'), nacl.box.publicKeyLength)
      if (!dappKey)
        return fail(INVALID_PARAMS, 'dapp_encryption_public_key is not a base58 x25519 public key')
      const dappKeyText = base58.encode(dappKey)

      if (method === 'connect') {
        const appUrl = params.get('app_url')
        if (!appUrl || !URL.canParse(appUrl)) return fail(INVALID_PARAMS, 'app_url is missing or not a URL')
        if (standIn.decision === 'reject') return fail(USER_REJECTED, 'User rejected the request.')
        const phantom = nacl.box.keyPair()
        const secret = nacl.box.before(dappKey, phantom.secretKey)
        const session = issueSession(appUrl, params.get('cluster') ?? 'mainnet-beta')
        sessions.set(dappKeyText, { secret, session })
        const nonce = nacl.randomBytes(nacl.box.nonceLength)
        const data = { public_key: standIn.address, session }
        const sealed = nacl.box.after(new TextEncoder().encode(JSON.stringify(data)), nonce, secret)
        return answer({
          phantom_encryption_public_key: base58.encode(phantom.publicKey),
          nonce: base58.encode(nonce),
          data: base58.encode(sealed),
        })
      }
      if (method !== 'signMessage' && method !== 'signTransaction') {
        throw new PhantomStandInError('unknown_method', `the stand-in does not implement ${method}`)
      }
      const known = sessions.get(dappKeyText)
      if (!known) return fail(UNAUTHORIZED, 'No connect session for this dapp_encryption_public_key.')
      const { secret } = known
      const nonce = decode(params.get('nonce'), nacl.box.nonceLength)
      if (!nonce) return fail(INVALID_PARAMS, 'nonce is not 24 base58-encoded bytes')
      const sealedPayload = decode(params.get('payload'))
      const opened = sealedPayload && nacl.box.open.after(sealedPayload, nonce, secret)
      if (!opened) return fail(INVALID_PARAMS, 'payload does not decrypt')
      let payload: Record<string, unknown>
      try {
        payload = JSON.parse(new TextDecoder().decode(opened))
      } catch {
        return fail(INVALID_PARAMS, 'payload is not JSON')
      }
      // The token must be one the stand-in signed, and the one it issued to this dapp key.
      if (!sessionValid(payload.session) || payload.session !== known.session)
        return fail(UNAUTHORIZED, 'session is invalid')
      if (standIn.decision === 'reject') return fail(USER_REJECTED, 'User rejected the request.')

      let result: Record<string, string>
      if (method === 'signMessage') {
        const message = decode(typeof payload.message === 'string' ? payload.message : null)
        if (!message) return fail(INVALID_PARAMS, 'message is not base58')
        result = { signature: base58.encode(nacl.sign.detached(message, signer.secretKey)) }
      } else {
        const wire = decode(typeof payload.transaction === 'string' ? payload.transaction : null)
        let signed: Uint8Array | undefined
        try {
          signed = wire && signTransaction(wire, signer.secretKey, signer.publicKey)
        } catch {}
        if (!signed) return fail(INVALID_PARAMS, 'transaction is not a Solana transaction this wallet signs')
        result = { transaction: base58.encode(signed) }
      }
      const replyNonce = nacl.randomBytes(nacl.box.nonceLength)
      const sealed = nacl.box.after(new TextEncoder().encode(JSON.stringify(result)), replyNonce, secret)
      return answer({ nonce: base58.encode(replyNonce), data: base58.encode(sealed) })
    },
  }
  return standIn
}

/**
 * Serves the stand-in over HTTP on loopback: `GET {url}/ul/v1/{method}?…` answers `302` to the redirect
 * (Phantom's app opening the redirect link), or `400` with `{ code, message }` when it cannot redirect.
 *
 * @returns the stand-in, its base URL (`http://127.0.0.1:{port}/ul/v1`, the connector's `baseUrl`) and `close`
 */
export async function startPhantomLinkStandIn(
  options: PhantomLinkStandInOptions = {},
): Promise<{ standIn: PhantomLinkStandIn; baseUrl: string; close(): Promise<void> }> {
  const standIn = createPhantomLinkStandIn(options)
  const server = createServer((req, res) => {
    try {
      const location = standIn.handle(new URL(req.url ?? '/', 'http://127.0.0.1').toString())
      res.writeHead(302, { location }).end()
    } catch (error) {
      const code = error instanceof PhantomStandInError ? error.code : 'bad_request'
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code, message: String((error as Error).message) }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    standIn,
    baseUrl: `http://127.0.0.1:${port}/ul/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
