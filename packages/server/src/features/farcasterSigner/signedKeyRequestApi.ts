import { z } from 'zod'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'

/** Default base URL of the Farcaster client's signed-key-request API (Warpcast). */
export const SIGNED_KEY_REQUEST_API_URL = 'https://api.warpcast.com'

/** Default time allowed for one call to that API, in ms. */
export const SIGNED_KEY_REQUEST_TIMEOUT_MS = 10_000

/**
 * Where the server sends signed key requests: `apiUrl` (default
 * {@link SIGNED_KEY_REQUEST_API_URL}; a local stand-in in tests and the demo) and `timeoutMs` per call
 * (default {@link SIGNED_KEY_REQUEST_TIMEOUT_MS}).
 */
export type FarcasterSignerOptions = { apiUrl?: string | undefined; timeoutMs?: number | undefined }

/** {@link FarcasterSignerOptions}, validated and defaulted. */
export type FarcasterSignerSettings = { apiUrl: string; timeoutMs: number }

/**
 * Validates and defaults {@link FarcasterSignerOptions}. Throws `Error` for an `apiUrl` that is not http(s)
 * or a `timeoutMs` outside 1..60000.
 *
 * @example resolveFarcasterSignerOptions({ apiUrl: standIn.apiUrl })
 */
export function resolveFarcasterSignerOptions(
  options: FarcasterSignerOptions | undefined,
): FarcasterSignerSettings {
  const apiUrl = (options?.apiUrl ?? SIGNED_KEY_REQUEST_API_URL).replace(/\/+$/, '')
  const parsed = URL.canParse(apiUrl) ? new URL(apiUrl) : null
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new Error('farcasterSigner.apiUrl must be an http(s) URL')
  const timeoutMs = options?.timeoutMs ?? SIGNED_KEY_REQUEST_TIMEOUT_MS
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000)
    throw new Error('farcasterSigner.timeoutMs must be an integer from 1 to 60000')
  return { apiUrl, timeoutMs }
}

/**
 * A signed key request as the Farcaster client's API answers it (`result.signedKeyRequest`): its `token`,
 * the `deeplinkUrl` the user opens in their Farcaster app, and `state` — `pending`, `approved` (the user
 * approved; the key is being added onchain), `completed` (the key is onchain, `userFid` set) — or, from the
 * local stand-in, `revoked` (the user refused it or removed the key).
 */
export const signedKeyRequestSchema = z.object({
  token: z.string().min(1).max(512),
  deeplinkUrl: z.string().min(1).max(2048),
  key: z.string(),
  state: z.string(),
  userFid: z.number().int().positive().optional(),
})
export type SignedKeyRequest = z.infer<typeof signedKeyRequestSchema>

const answerSchema = z.object({ result: z.object({ signedKeyRequest: signedKeyRequestSchema }) })

const unavailable = () => foyerError('signedKeyRequestUnanswered')

async function call(settings: FarcasterSignerSettings, path: string, init: RequestInit) {
  let response: Response
  try {
    response = await fetch(`${settings.apiUrl}${path}`, {
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
  } catch {
    throw unavailable()
  }
  const json: unknown = await response.json().catch(() => null)
  return { status: response.status, json }
}

/**
 * `POST {apiUrl}/v2/signed-key-requests` with `{ key, requestFid, signature, deadline }`: submits a signed
 * key request and returns it (token, deep link, state).
 *
 * @throws {FoyerHttpError} 500 `internal_error` when the API is unreachable, refuses the request (e.g. a
 *   signature that is not the fid's custody address's) or answers something else.
 * @example const request = await submitSignedKeyRequest(settings, { key, requestFid: 3, signature, deadline })
 */
export async function submitSignedKeyRequest(
  settings: FarcasterSignerSettings,
  body: { key: string; requestFid: number; signature: string; deadline: number },
): Promise<SignedKeyRequest> {
  const { status, json } = await call(settings, '/v2/signed-key-requests', {
    method: 'POST',
    body: JSON.stringify(body),
  })
  const parsed = answerSchema.safeParse(json)
  if (status < 200 || status >= 300 || !parsed.success) throw unavailable()
  return parsed.data.result.signedKeyRequest
}

/**
 * `GET {apiUrl}/v2/signed-key-request?token=…`: the request's current state; null when the API no longer
 * knows the token (404).
 *
 * @throws {FoyerHttpError} 500 `internal_error` when the API is unreachable or answers something else.
 * @example const request = await fetchSignedKeyRequest(settings, token)
 */
export async function fetchSignedKeyRequest(
  settings: FarcasterSignerSettings,
  token: string,
): Promise<SignedKeyRequest | null> {
  const { status, json } = await call(settings, `/v2/signed-key-request?token=${encodeURIComponent(token)}`, {
    method: 'GET',
  })
  if (status === 404) return null
  const parsed = answerSchema.safeParse(json)
  if (status < 200 || status >= 300 || !parsed.success) throw unavailable()
  return parsed.data.result.signedKeyRequest
}

/** The context of the Farcaster signer routes: the server's, and the feature's resolved settings. */
export type FarcasterSignerContext = ServerContext & { farcasterSigner: FarcasterSignerSettings }
