import { type FrameEvent, type FrameReply, rpcErrorCodes } from '@foyer/protocol'
import { FrameRequestError } from '../errors/FrameRequestError'

/**
 * The error reply `{ id, event, error: { type, message, code? } }` for a failure. A `FrameRequestError`
 * keeps its type, message and code; anything else gets a fixed text with -32603, never the raw error (it
 * could carry key material, `docs/security.md#what-must-hold`).
 *
 * @example return errorReply(id, event, error)
 */
export function errorReply(id: string, event: FrameEvent | string, error: unknown): FrameReply {
  if (error instanceof FrameRequestError)
    return {
      id,
      event,
      error: {
        type: error.type,
        message: error.message,
        ...(error.code === undefined ? {} : { code: error.code }),
      },
    }
  return {
    id,
    event,
    error: {
      type: 'error',
      message: 'An error has occurred, please try again.',
      code: rpcErrorCodes.internal,
    },
  }
}
