import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { unixSecondsSchema } from './common'

/**
 * Wire schemas of the wallet's device keys (`docs/security.md#device-keys`): the wallet frame holds a
 * non-extractable P-256 key in its origin's IndexedDB, registered to (user, device); every call that
 * releases something toward a wallet key carries a proof signed by it in the `DPoP` header, in the shape of
 * an RFC 9449 DPoP proof (`typ: dpop+jwt`, ES256, the public key as `jwk`; claims `htm`, `htu`, `iat`,
 * `jti`, `ath`, `nonce`). The nonce comes from `POST /api/v1/embedded_wallets/devices/nonce` and is single use.
 */

/** The request header that carries the device proof (RFC 9449 §4.1). */
export const DEVICE_PROOF_HEADER = 'DPoP'
/** The proof's JOSE `typ` (RFC 9449 §4.2). */
export const DEVICE_PROOF_TYP = 'dpop+jwt'
/** How far a proof's `iat` may be from the server's clock, in seconds. */
export const DEVICE_PROOF_MAX_AGE_SECONDS = 60
/** How long a device-proof nonce may be used, in seconds (single use). */
export const DEVICE_PROOF_NONCE_TTL_SECONDS = 120
/**
 * A new device key is registered only by a session whose primary sign-in (code, passkey, OAuth, wallet
 * signature…, never a refresh or a fork) is at most this old, in seconds.
 */
export const DEVICE_REGISTRATION_WINDOW_SECONDS = 600

/** `POST /api/v1/embedded_wallets/devices/nonce` → a single-use nonce for the next proof. */
export const deviceProofNonceResponseSchema = z.object({
  nonce: z.string(),
  /** Unix seconds. */
  expires_at: unixSecondsSchema,
})
export type DeviceProofNonceResponse = z.infer<typeof deviceProofNonceResponseSchema>

/** `POST /api/v1/embedded_wallets/devices` (with the new key's proof): registers this device's key. */
export const registerWalletDeviceRequestSchema = z.object({
  /** What the user will recognise the device by (the browser, e.g. 'Chrome on macOS'); at most 100 characters. */
  label: z.string().max(100).optional(),
})
export type RegisterWalletDeviceRequest = z.infer<typeof registerWalletDeviceRequestSchema>

/** A registered device of the user's wallet. Times in Unix seconds. */
export const walletDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  created_at: unixSecondsSchema,
  last_used_at: unixSecondsSchema.nullable(),
  /** True for the device that last used the caller's session. */
  current: z.boolean(),
})
export type WalletDevice = z.infer<typeof walletDeviceSchema>

/** `{ device }`: the answer of a registration. */
export const walletDeviceResponseSchema = z.object({ device: walletDeviceSchema })
export type WalletDeviceResponse = z.infer<typeof walletDeviceResponseSchema>

/** `GET /api/v1/embedded_wallets/devices` → the user's live devices, newest first. */
export const walletDevicesResponseSchema = z.object({ devices: z.array(walletDeviceSchema) })
export type WalletDevicesResponse = z.infer<typeof walletDevicesResponseSchema>

/** `POST /api/v1/embedded_wallets/devices/revoke`: the device stops releasing anything, for good. */
export const revokeWalletDeviceRequestSchema = z.object({ device_id: z.string().min(1).max(64) })
export type RevokeWalletDeviceRequest = z.infer<typeof revokeWalletDeviceRequestSchema>
