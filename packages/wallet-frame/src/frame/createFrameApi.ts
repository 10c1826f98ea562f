import {
  authShareResponseSchema,
  embeddedWalletResponseSchema,
  embeddedWalletsResponseSchema,
  farcasterSignerSchema,
  headers,
  mfaTotpInitResponseSchema,
  mfaVerifyResponseSchema,
  recoveryMaterialSchema,
} from '@foyer/protocol'
import { z } from 'zod'
import type { FrameApi, FrameJwk } from './FrameApi'
import { FrameApiError } from './FrameApiError'

export type CreateFrameApiParameters = {
  /** Server base URL; '' for same origin (the frame page). */
  baseUrl: string
  appId: string
  clientId?: string | null | undefined
  analyticsId?: string | null | undefined
  /** Default: global fetch, looked up at call time. */
  fetch?: typeof fetch | undefined
  /**
   * 'export' for the export page: its auth shares come from `POST /api/v1/embedded_wallets/export`, which
   * the server refuses to guests (403, security checklist I.54); default 'wallet' (`…/auth_share`).
   */
  purpose?: 'wallet' | 'export' | undefined
}

const jwksSchema = z.object({
  keys: z.array(
    z.object({ kty: z.string(), crv: z.string(), x: z.string(), y: z.string(), kid: z.string() }),
  ),
})
const errorSchema = z.object({ error: z.string(), code: z.string() })

/**
 * The frame's server client over `fetch` (same-origin, no cookies needed: the access token rides as
 * Bearer). Every answer is checked with its protocol schema; a non-2xx answer throws
 * `FrameApiError(status, code, error)`.
 *
 * @example const api = createFrameApi({ baseUrl: '', appId })
 */
export function createFrameApi(parameters: CreateFrameApiParameters): FrameApi {
  const baseHeaders: Record<string, string> = { [headers.appId]: parameters.appId }
  if (parameters.clientId) baseHeaders[headers.clientId] = parameters.clientId
  if (parameters.analyticsId) baseHeaders[headers.analyticsId] = parameters.analyticsId

  async function call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    accessToken?: string,
    body?: unknown,
  ): Promise<T> {
    const doFetch = parameters.fetch ?? globalThis.fetch
    const requestHeaders: Record<string, string> = { ...baseHeaders }
    if (accessToken) requestHeaders.authorization = `Bearer ${accessToken}`
    if (body !== undefined) requestHeaders['content-type'] = 'application/json'
    const response = await doFetch(`${parameters.baseUrl}${path}`, {
      method,
      headers: requestHeaders,
      credentials: 'omit',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const json: unknown = await response.json().catch(() => null)
    if (!response.ok) {
      const parsed = errorSchema.safeParse(json)
      throw new FrameApiError(
        response.status,
        parsed.success ? parsed.data.code : 'unknown_error',
        parsed.success ? parsed.data.error : `Request failed with status ${response.status}`,
      )
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success)
      throw new FrameApiError(response.status, 'invalid_response', 'Unexpected server answer')
    return parsed.data
  }

  return {
    getJwks: () =>
      call(jwksSchema, 'GET', `/api/v1/apps/${parameters.appId}/jwks.json`) as Promise<{ keys: FrameJwk[] }>,
    listWallets: (token) => call(embeddedWalletsResponseSchema, 'GET', '/api/v1/embedded_wallets', token),
    createWallet: (token, body) =>
      call(embeddedWalletResponseSchema, 'POST', '/api/v1/embedded_wallets', token, body),
    createAdditionalWallet: (token, body) =>
      call(embeddedWalletResponseSchema, 'POST', '/api/v1/embedded_wallets/additional', token, body),
    getAuthShare: (token, body) =>
      call(
        authShareResponseSchema,
        'POST',
        parameters.purpose === 'export'
          ? '/api/v1/embedded_wallets/export'
          : '/api/v1/embedded_wallets/auth_share',
        token,
        body,
      ),
    getRecoveryMaterial: (token, body) =>
      call(recoveryMaterialSchema, 'POST', '/api/v1/embedded_wallets/recovery_material', token, body),
    setRecovery: (token, body) =>
      call(embeddedWalletResponseSchema, 'POST', '/api/v1/embedded_wallets/recovery', token, body),
    initFarcasterSigner: (token, body) =>
      call(farcasterSignerSchema, 'POST', '/api/v1/farcaster/signer/init', token, body),
    mfa: {
      verify: (token, method, body) =>
        call(mfaVerifyResponseSchema, 'POST', `/api/v1/mfa/${mfaPath[method]}/verify`, token, body),
      initTotp: (token) => call(mfaTotpInitResponseSchema, 'POST', '/api/v1/mfa/totp/init', token, {}),
      initSmsEnrollment: async (token, phoneNumber) => {
        await call(anyJson, 'POST', '/api/v1/mfa/passwordless_sms/init', token, {
          action: 'enroll',
          phoneNumber,
        })
      },
      enrollTotp: async (token, code) => {
        await call(anyJson, 'POST', '/api/v1/mfa/totp/enroll', token, { code })
      },
      enrollSms: async (token, body) => {
        await call(anyJson, 'POST', '/api/v1/mfa/passwordless_sms/enroll', token, body)
      },
      setPasskeys: async (token, credentialIds) => {
        await call(anyJson, 'POST', '/api/v1/mfa/passkeys/enrollment', token, {
          credential_ids: credentialIds,
        })
      },
      unenroll: async (token, method) => {
        await call(anyJson, 'POST', `/api/v1/mfa/${mfaPath[method]}/unenroll`, token, {})
      },
    },
  }
}

/** The path segment of each factor under `/api/v1/mfa/` (WIRE.md §7). */
const mfaPath = { totp: 'totp', sms: 'passwordless_sms', passkey: 'passkeys' } as const
/** Answers the frame does not read further (the user, `{ success }`). */
const anyJson = z.unknown()
