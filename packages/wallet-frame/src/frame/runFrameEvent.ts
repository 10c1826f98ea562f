import {
  type FrameEvent,
  type FrameReply,
  type FrameReplyData,
  type FrameRequestData,
  frameMessageSchemas,
  rpcErrorCodes,
} from '@foyer/protocol'
import type { z } from 'zod'
import { FrameRequestError } from '../errors/FrameRequestError'
import { errorReply } from './errorReply'
import type { FrameState } from './FrameState'
import { frameEventHandlers } from './frameEventHandlers'
import { frameEventModes } from './frameEventModes'

/** {@link frameMessageSchemas}, typed per event so that a generic event keeps its own data types. */
const schemas: {
  [E in FrameEvent]: { request: z.ZodType<FrameRequestData<E>>; reply: z.ZodType<FrameReplyData<E>> }
} = frameMessageSchemas

/**
 * Answers one request whose envelope is valid: checks `data` against the event's request schema, refuses
 * events this page does not answer (`frameEventModes`), runs the event's handler and checks its result
 * against the reply schema. Every outcome is a reply (`docs/frame-protocol.md`).
 *
 * @example const reply = await runFrameEvent(state, { id: '1', event: 'privy:iframe:ready', data: {} })
 */
export async function runFrameEvent<E extends FrameEvent>(
  state: FrameState,
  request: { id: string; event: E; data: unknown },
): Promise<FrameReply> {
  const { id, event } = request
  const data = schemas[event].request.safeParse(request.data ?? {})
  if (!data.success) {
    const issue = data.error.issues[0]
    const path = issue?.path.join('.')
    return errorReply(
      id,
      event,
      new FrameRequestError(
        'invalid_request_arguments',
        `Invalid ${event} data${path ? ` at ${path}` : ''}: ${issue?.message ?? 'invalid'}`,
      ),
    )
  }
  try {
    if (!frameEventModes[event].includes(state.mode))
      throw new FrameRequestError('invalid_request_arguments', `${event} is not handled by this frame`)
    const handler = frameEventHandlers[event]
    const checked = schemas[event].reply.safeParse(await handler(state, data.data))
    if (!checked.success)
      throw new FrameRequestError('error', 'Invalid frame reply', { code: rpcErrorCodes.internal })
    return { id, event, data: checked.data }
  } catch (error) {
    if (!(error instanceof FrameRequestError)) state.onUnexpectedError?.(error)
    return errorReply(id, event, error)
  }
}
