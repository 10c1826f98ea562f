import type { SignResult } from './createSigner'
import {
  SIGNER_NONCE_HEADER,
  SIGNER_SIGNATURE_HEADER,
  SIGNER_TIMESTAMP_HEADER,
  type SignerClient,
  signerRequestNonce,
  signerRequestSignature,
} from './signerProtocol'

/** The signer could not be reached or answered outside the interface (docs/operations.md#signer). */
export class SignerUnavailableError extends Error {
  override name = 'SignerUnavailableError'
}

/**
 * The server's client of a signer process at `url` (`http://127.0.0.1:8790`), signing each request with the
 * shared `secret` (`signerProtocol.ts`). Each call has `timeoutMs` (default 10 s); a network failure, a
 * timeout or an answer other than 200 throws {@link SignerUnavailableError}. The public key is read once.
 */
export function httpSignerClient(options: {
  url: string
  secret: Uint8Array
  timeoutMs?: number
  fetch?: typeof fetch
}): SignerClient {
  const base = options.url.replace(/\/+$/, '')
  const fetchImpl = options.fetch ?? fetch
  let publicKey: Promise<string> | undefined

  async function call<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const timestamp = Math.floor(Date.now() / 1000)
    const nonce = signerRequestNonce()
    let response: Response
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          [SIGNER_TIMESTAMP_HEADER]: String(timestamp),
          [SIGNER_NONCE_HEADER]: nonce,
          [SIGNER_SIGNATURE_HEADER]: signerRequestSignature(options.secret, {
            timestamp,
            nonce,
            method,
            path,
            body,
          }),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
    } catch (error) {
      throw new SignerUnavailableError(`The signer at ${base} did not answer`, { cause: error })
    }
    if (response.status !== 200)
      throw new SignerUnavailableError(`The signer at ${base} answered ${response.status} to ${path}`)
    return (await response.json()) as T
  }

  return {
    publicKey: () => {
      publicKey ??= call<{ public_key: string }>('GET', '/v1/public_key').then(
        (answer) => answer.public_key,
        (error: unknown) => {
          publicKey = undefined
          throw error
        },
      )
      return publicKey
    },
    verifyDelegation: async (input) =>
      (await call<{ valid: boolean }>('POST', '/v1/delegations/verify', input)).valid === true,
    sign: (input) => call<SignResult>('POST', '/v1/sign', input),
  }
}
