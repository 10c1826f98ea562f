import type { FrameEvent, FrameReplyData, FrameRequestData } from '@foyer/protocol'
import type { FrameState } from './FrameState'

/**
 * The handler of frame event `E`: its validated request data in, its reply data out (checked again
 * against the reply schema before it is posted). Failures throw, preferably `FrameRequestError`s.
 */
export type FrameEventHandler<E extends FrameEvent> = (
  state: FrameState,
  data: FrameRequestData<E>,
) => Promise<FrameReplyData<E>>
