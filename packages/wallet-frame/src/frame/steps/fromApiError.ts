import { rpcErrorCodes } from '@foyer/protocol'
import { FrameRequestError } from '../../errors/FrameRequestError'
import { FrameApiError } from '../FrameApiError'

/**
 * Maps a server failure (`FrameApiError`) to the frame error the host receives; anything else is returned
 * as is. Messages are the server's, which never carry secrets.
 *
 * @example throw fromApiError(error)
 */
export function fromApiError(error: unknown): unknown {
  if (!(error instanceof FrameApiError)) return error
  if (error.code === 'missing_or_invalid_token')
    return new FrameRequestError('error', 'Missing or invalid token', { code: rpcErrorCodes.unauthorized })
  if (error.code === 'missing_or_invalid_mfa')
    return new FrameRequestError('missing_or_invalid_mfa', error.message)
  if (
    error.code === 'mfa_timeout' ||
    error.code === 'mfa_verification_max_attempts_reached' ||
    error.code === 'twilio_verification_failed'
  )
    return new FrameRequestError(error.code, error.message)
  if (error.code === 'invalid_data') return new FrameRequestError('invalid_request_arguments', error.message)
  // The device key cannot be registered by this session (`docs/security.md#device-keys`): sign in again.
  if (error.code === 'reauthentication_required' || error.code === 'device_not_registered')
    return new FrameRequestError('reauthentication_required', error.message)
  return new FrameRequestError('error', error.message, { cause: error })
}
