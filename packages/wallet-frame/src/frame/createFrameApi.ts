import {
  authShareResponseSchema,
  DEVICE_PROOF_HEADER,
  DEVICE_PROOF_NONCE_TTL_SECONDS,
  delegateWalletsResponseSchema,
  delegationsResponseSchema,
  deviceProofNonceResponseSchema,
  embeddedWalletResponseSchema,
  embeddedWalletsResponseSchema,
  farcasterSignerSchema,
  headers,
  icloudConfigurationResponseSchema,
  mfaMethodTypeSchema,
  mfaTotpInitResponseSchema,
  mfaVerifyResponseSchema,
  recoveryMaterialSchema,
  walletDeviceResponseSchema,
} from '@foyer/protocol'
import { z } from 'zod'
import { createDeviceProver } from './createDeviceProver'
import type { DeviceKeyStore } from './DeviceKeyStore'
import type { FrameApi, FrameJwk } from './FrameApi'
import { FrameApiError } from './FrameApiError'

/** The part of `GET /api/v1/users/me` the frame reads: the user's MFA factors. */
const userMfaMethodsSchema = z.object({
  user: z.object({ mfa_methods: z.array(z.object({ type: mfaMethodTypeSchema })) }),
})

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
   * the server refuses to guests (403, docs/security.md property 54); default 'wallet' (`…/auth_share`).
   */
  purpose?: 'wallet' | 'export' | undefined
  /** Where the device key lives (`createIndexedDbDeviceKeyStore` in browsers). */
  deviceKeys: DeviceKeyStore
  /**
   * The server's origin as the proofs' `htu` names it (`location.origin` in the frame); default: the
   * origin of `baseUrl`.
   */
  origin?: string | undefined
  /** ms since epoch, for the proofs' `iat`; default Date.now. */
  now?: (() => number) | undefined
}

const NONCE_PATH = '/api/v1/embedded_wallets/devices/nonce'
const DEVICES_PATH = '/api/v1/embedded_wallets/devices'

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
 * Every call that releases or changes something toward a wallet key (create, additional, auth share,
 * export, recovery material, recovery, Farcaster signer) carries a device proof (`docs/security.md#device-keys`):
 * a fresh server nonce, then the proof signed by the device key in the `DPoP` header. When the server does
 * not know the key (403 `device_not_registered`) the client registers it once and retries; registration
 * needs a recent sign-in, else 403 `reauthentication_required` reaches the caller.
 *
 * @example const api = createFrameApi({ baseUrl: '', appId, deviceKeys: createMemoryDeviceKeyStore() })
 */
export function createFrameApi(parameters: CreateFrameApiParameters): FrameApi {
  const baseHeaders: Record<string, string> = { [headers.appId]: parameters.appId }
  if (parameters.clientId) baseHeaders[headers.clientId] = parameters.clientId
  if (parameters.analyticsId) baseHeaders[headers.analyticsId] = parameters.analyticsId

  const prover = createDeviceProver({
    keys: parameters.deviceKeys,
    ...(parameters.now ? { now: parameters.now } : {}),
  })
  const origin = parameters.origin ?? new URL(parameters.baseUrl || globalThis.location.href).origin

  async function call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    accessToken?: string,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<T> {
    const doFetch = parameters.fetch ?? globalThis.fetch
    const requestHeaders: Record<string, string> = { ...baseHeaders, ...extraHeaders }
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

  /** A POST with a device proof made for it (a fresh nonce each time: nonces are single use). */
  async function withProof<T>(
    schema: z.ZodType<T>,
    path: string,
    accessToken: string,
    body: unknown,
  ): Promise<T> {
    const { nonce, expires_at } = await call(deviceProofNonceResponseSchema, 'POST', NONCE_PATH, accessToken)
    // `iat` on the server's clock (when it issued the nonce), so a device whose clock is off still proves.
    const issuedAt = expires_at - DEVICE_PROOF_NONCE_TTL_SECONDS
    const proof = await prover.sign({ method: 'POST', url: `${origin}${path}`, accessToken, nonce, issuedAt })
    return call(schema, 'POST', path, accessToken, body, { [DEVICE_PROOF_HEADER]: proof })
  }

  /** The access token the device key was last registered with: a session's later first wallets skip it. */
  let registeredWith: string | undefined

  /** Registers the device key; a key the server revoked is forgotten and a new one registered instead. */
  async function registerDevice(accessToken: string): Promise<void> {
    try {
      await withProof(walletDeviceResponseSchema, DEVICES_PATH, accessToken, {})
    } catch (error) {
      if (!(error instanceof FrameApiError && error.code === 'device_not_registered')) throw error
      await prover.forget()
      await withProof(walletDeviceResponseSchema, DEVICES_PATH, accessToken, {})
    }
    registeredWith = accessToken
  }

  /** {@link withProof}, registering the device key first when the server does not know it. */
  async function proven<T>(
    schema: z.ZodType<T>,
    path: string,
    accessToken: string,
    body: unknown,
  ): Promise<T> {
    try {
      return await withProof(schema, path, accessToken, body)
    } catch (error) {
      if (!(error instanceof FrameApiError && error.code === 'device_not_registered')) throw error
      await registerDevice(accessToken)
      return withProof(schema, path, accessToken, body)
    }
  }

  return {
    getJwks: () =>
      call(jwksSchema, 'GET', `/api/v1/apps/${parameters.appId}/jwks.json`) as Promise<{ keys: FrameJwk[] }>,
    listWallets: (token) => call(embeddedWalletsResponseSchema, 'GET', '/api/v1/embedded_wallets', token),
    // A user's first wallet: this device's key is not registered for the user yet, so it registers first
    // (idempotent for a key already registered) instead of being refused with 403 device_not_registered;
    // once per access token (the Ethereum and Solana wallets of one sign-in register once).
    createWallet: async (token, body) => {
      if (registeredWith !== token) await registerDevice(token)
      return proven(embeddedWalletResponseSchema, '/api/v1/embedded_wallets', token, body)
    },
    createAdditionalWallet: (token, body) =>
      proven(embeddedWalletResponseSchema, '/api/v1/embedded_wallets/additional', token, body),
    importWallet: (token, body) =>
      proven(embeddedWalletResponseSchema, '/api/v1/embedded_wallets/import', token, body),
    getAuthShare: (token, body) =>
      proven(
        authShareResponseSchema,
        parameters.purpose === 'export'
          ? '/api/v1/embedded_wallets/export'
          : '/api/v1/embedded_wallets/auth_share',
        token,
        body,
      ),
    getRecoveryMaterial: (token, body) =>
      proven(recoveryMaterialSchema, '/api/v1/embedded_wallets/recovery_material', token, body),
    setRecovery: (token, body) =>
      proven(embeddedWalletResponseSchema, '/api/v1/embedded_wallets/recovery', token, body),
    getDelegations: (token, chainType) =>
      call(
        delegationsResponseSchema,
        'GET',
        `/api/v1/embedded_wallets/delegations?chain_type=${chainType}`,
        token,
      ),
    getIcloudConfiguration: (token) =>
      call(icloudConfigurationResponseSchema, 'POST', '/api/v1/recovery/configuration_icloud', token, {
        client_type: 'web',
      }),
    delegateWallets: (token, body) =>
      proven(delegateWalletsResponseSchema, '/api/v1/embedded_wallets/delegate', token, body),
    initFarcasterSigner: (token, body) =>
      proven(farcasterSignerSchema, '/api/v1/farcaster/signer/init', token, body),
    mfa: {
      listMethods: async (token) =>
        (await call(userMfaMethodsSchema, 'GET', '/api/v1/users/me', token)).user.mfa_methods.map(
          (method) => method.type,
        ),
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

/** The path segment of each factor under `/api/v1/mfa/` (docs/wire.md#mfa). */
const mfaPath = { totp: 'totp', sms: 'passwordless_sms', passkey: 'passkeys' } as const
/** Answers the frame does not read further (the user, `{ success }`). */
const anyJson = z.unknown()
