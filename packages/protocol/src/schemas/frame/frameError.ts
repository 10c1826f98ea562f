import '../../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * Wallet-proxy error types (docs/frame-protocol.md), and `reauthentication_required`: this browser's device key cannot
 * be registered by the current session (`docs/security.md#device-keys`); the user signs in again.
 */
export const frameErrorTypes = [
  'error',
  'invalid_request_arguments',
  'wallet_not_on_device',
  'invalid_recovery_pin',
  'insufficient_funds',
  'missing_or_invalid_mfa',
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'twilio_verification_failed',
  'reauthentication_required',
] as const

/** One of {@link frameErrorTypes}. */
export const frameErrorTypeSchema = z.enum(frameErrorTypes)
export type FrameErrorType = z.infer<typeof frameErrorTypeSchema>

/**
 * EIP-1193 / JSON-RPC codes a frame error may carry in `code` (docs/sessions.md, docs/limits.md,
 * docs/errors.md; docs/conventions.md "Translate platform errors at the boundary"): 4001 user rejected (host
 * side), 4100 unauthorized (bad access token), 4200 unsupported method or params not an array, 4900 wallet
 * not connected, 4902 unrecognized chain, -32603 internal error.
 */
export const rpcErrorCodes = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  unrecognizedChain: 4902,
  internal: -32603,
} as const

/** The `error` of a failed frame reply: `{ type, message, code? }` (`code` from {@link rpcErrorCodes}). */
export const frameErrorSchema = z.object({
  type: frameErrorTypeSchema,
  message: z.string(),
  code: z.number().int().optional(),
})
export type FrameError = z.infer<typeof frameErrorSchema>
