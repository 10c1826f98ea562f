import { randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { Address, Hex } from 'viem'
import { verifySignedKeyRequest } from '../../features/farcasterSigner/signedKeyRequest'
import { listenLocally } from '../http/listenLocally'
import { readBody, sendJson } from '../http/standInHttp'

/** One signed key request the stand-in holds, as its API answers it (plus the signature it checked). */
export type StandInSignedKeyRequest = {
  token: string
  deeplinkUrl: string
  key: string
  requestFid: number
  deadline: number
  signature: string
  /** `pending` until {@link SignedKeyRequestStandIn.approve} (`completed`) or `revoke` (`revoked`). */
  state: 'pending' | 'completed' | 'revoked'
  userFid?: number
}

export type SignedKeyRequestStandIn = {
  /** `http://127.0.0.1:<port>`: pass it as `farcasterSigner.apiUrl` (`FOYER_FARCASTER_SIGNER_API_URL`). */
  apiUrl: string
  /** Every request accepted, oldest first. */
  requests: StandInSignedKeyRequest[]
  /** Records `custody` as the custody address of `fid` (the Id Registry the real API reads). */
  registerFid(fid: number, custody: Address): void
  /** The user `userFid` approves the request of `keyOrToken` in their Farcaster app: state `completed`. */
  approve(keyOrToken: string, userFid: number): StandInSignedKeyRequest
  /** The user refuses the request of `keyOrToken` (or removes the key): state `revoked`. */
  revoke(keyOrToken: string): StandInSignedKeyRequest
  close(): Promise<void>
}

export type StartSignedKeyRequestStandInOptions = {
  /** fid → custody address, as the Id Registry records them; more with `registerFid`. */
  custody?: Record<number, Address>
  /**
   * Looks up a fid's custody address elsewhere when neither `custody` nor `registerFid` knows it — e.g. in
   * the Id Registry stand-in on anvil (`IdRegistryStandIn`), as the real API reads Farcaster's Id Registry.
   */
  custodyOf?: (fid: number) => Promise<Address | null | undefined>
  /** Current time in ms (deadlines); default `Date.now`. */
  now?: () => number
  /** Port; default 0 (any free one). Host is always 127.0.0.1. */
  port?: number
}

const fail = (response: ServerResponse, status: number, message: string) =>
  sendJson(response, status, { errors: [{ message }] })

function answer(request: StandInSignedKeyRequest) {
  const { signature: _signature, deadline: _deadline, ...visible } = request
  return { result: { signedKeyRequest: { ...visible, isSponsored: false } } }
}

/**
 * A local stand-in for the Farcaster client's signed-key-request API (Warpcast's `api.warpcast.com`), for
 * tests, the e2e stack and the demo (loopback only). It checks what the real one checks:
 * - `POST /v2/signed-key-requests` `{ key, requestFid, signature, deadline }`: `key` an ed25519 public key
 *   (`0x` + 64 hex), `deadline` in the future, and `signature` the EIP-712 `SignedKeyRequest` signature of
 *   the custody address of `requestFid` → else 400 `{ errors: [{ message }] }`; then 200 `{ result: {
 *   signedKeyRequest: { token, deeplinkUrl, key, requestFid, state: 'pending', isSponsored } } }` with
 *   `deeplinkUrl` = `farcaster://signed-key-request?token=<token>`;
 * - `GET /v2/signed-key-request?token=…`: that request (with `userFid` once approved) or 404.
 * A test plays the user with `approve` (state `completed`, as once the key is onchain) or `revoke`; a page
 * (the demo's "simulate the Farcaster app") can do the same over HTTP: `POST /stand-in/approve`
 * `{ token, userFid }` and `POST /stand-in/revoke` `{ token }` (404 for an unknown token).
 *
 * @example
 * const farcaster = await startSignedKeyRequestStandIn({ custody: { 1: developer.address } })
 * const app = await createApp({ db, masterKey, features: [farcasterSigners({ apiUrl: farcaster.apiUrl })] })
 * farcaster.approve(publicKey, 42)
 */
export async function startSignedKeyRequestStandIn(
  options: StartSignedKeyRequestStandInOptions = {},
): Promise<SignedKeyRequestStandIn> {
  const now = options.now ?? Date.now
  const custody = new Map<number, Address>(
    Object.entries(options.custody ?? {}).map(([fid, address]) => [Number(fid), address]),
  )
  const requests: StandInSignedKeyRequest[] = []

  async function create(response: ServerResponse, body: string) {
    let input: Record<string, unknown>
    try {
      input = JSON.parse(body) as Record<string, unknown>
    } catch {
      return fail(response, 400, 'Invalid JSON body')
    }
    const { key, requestFid, signature, deadline } = input
    if (typeof key !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(key))
      return fail(response, 400, 'key must be an ed25519 public key')
    if (typeof requestFid !== 'number' || !Number.isSafeInteger(requestFid) || requestFid < 1)
      return fail(response, 400, 'requestFid must be a fid')
    if (typeof deadline !== 'number' || !Number.isSafeInteger(deadline))
      return fail(response, 400, 'deadline must be Unix seconds')
    if (deadline * 1000 <= now()) return fail(response, 400, 'deadline has passed')
    if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
      return fail(response, 400, 'signature must be hex')
    const custodyAddress = custody.get(requestFid) ?? (await options.custodyOf?.(requestFid)) ?? undefined
    if (!custodyAddress) return fail(response, 400, `Unknown fid ${requestFid}`)
    const valid = await verifySignedKeyRequest({
      custody: custodyAddress,
      message: { requestFid: BigInt(requestFid), key: key as Hex, deadline: BigInt(deadline) },
      signature: signature as Hex,
    })
    if (!valid) return fail(response, 400, 'Invalid signature for the requesting fid')
    const token = `0x${randomBytes(24).toString('hex')}`
    const request: StandInSignedKeyRequest = {
      token,
      deeplinkUrl: `farcaster://signed-key-request?token=${token}`,
      key: key.toLowerCase(),
      requestFid,
      deadline,
      signature,
      state: 'pending',
    }
    requests.push(request)
    return sendJson(response, 200, answer(request))
  }

  const server = createServer(async (request, response) => {
    const body = await readBody(request)
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (request.method === 'POST' && url.pathname === '/v2/signed-key-requests') return create(response, body)
    if (
      request.method === 'POST' &&
      (url.pathname === '/stand-in/approve' || url.pathname === '/stand-in/revoke')
    ) {
      let input: { token?: unknown; userFid?: unknown }
      try {
        input = JSON.parse(body) as typeof input
      } catch {
        return fail(response, 400, 'Invalid JSON body')
      }
      const found = requests.find((entry) => entry.token === input.token)
      if (!found) return fail(response, 404, 'Not found')
      if (url.pathname === '/stand-in/revoke') found.state = 'revoked'
      else {
        if (typeof input.userFid !== 'number' || !Number.isSafeInteger(input.userFid) || input.userFid < 1)
          return fail(response, 400, 'userFid must be a fid')
        found.state = 'completed'
        found.userFid = input.userFid
      }
      return sendJson(response, 200, answer(found))
    }
    if (request.method === 'GET' && url.pathname === '/v2/signed-key-request') {
      const found = requests.find((entry) => entry.token === url.searchParams.get('token'))
      return found ? sendJson(response, 200, answer(found)) : fail(response, 404, 'Not found')
    }
    return fail(response, 404, 'Not found')
  })
  const { url, close } = await listenLocally(server, { port: options.port })

  const find = (keyOrToken: string) => {
    const wanted = keyOrToken.toLowerCase()
    const found = requests.findLast((entry) => entry.key === wanted || entry.token === keyOrToken)
    if (!found) throw new Error(`No signed key request for ${keyOrToken}`)
    return found
  }
  return {
    apiUrl: url,
    requests,
    registerFid(fid, address) {
      custody.set(fid, address)
    },
    approve(keyOrToken, userFid) {
      const found = find(keyOrToken)
      found.state = 'completed'
      found.userFid = userFid
      return found
    },
    revoke(keyOrToken) {
      const found = find(keyOrToken)
      found.state = 'revoked'
      return found
    },
    close,
  }
}
