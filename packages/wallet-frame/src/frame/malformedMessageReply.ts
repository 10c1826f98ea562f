import { type FrameReply, frameEventSchema } from '@foyer/protocol'
import { FrameRequestError } from '../errors/FrameRequestError'
import { errorReply } from './errorReply'

/**
 * The reply to a message that is not a `{ id, event, data }` request: `invalid_request_arguments` under
 * the message's id (when usable, else `''`) and its event. An event the frame does not know is answered
 * under its own name, so the host can match it
 * (`docs/frame-protocol.md#compatibility-with-the-reference-client`); a missing one as `privy:iframe:ready`.
 *
 * @example if (!envelope.success) return malformedMessageReply(message)
 */
export function malformedMessageReply(message: unknown): FrameReply {
  const raw: { id?: unknown; event?: unknown } =
    typeof message === 'object' && message !== null ? message : {}
  const id = typeof raw.id === 'string' && raw.id.length <= 128 ? raw.id : ''
  const event = frameEventSchema.safeParse(raw.event)
  if (!event.success && typeof raw.event === 'string' && /^[\w:.-]{1,64}$/.test(raw.event))
    return errorReply(
      id,
      raw.event,
      new FrameRequestError('invalid_request_arguments', `${raw.event} is not handled by this frame`),
    )
  return errorReply(
    id,
    event.success ? event.data : 'privy:iframe:ready',
    new FrameRequestError('invalid_request_arguments', 'Invalid message: expected { id, event, data }'),
  )
}
