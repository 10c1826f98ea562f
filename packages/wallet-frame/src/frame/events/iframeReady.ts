import type { FrameEventHandler } from '../FrameEventHandler'

/** `privy:iframe:ready`: the host's ping, answered `{}` (`docs/frame-protocol.md#events`). */
export const iframeReady: FrameEventHandler<'privy:iframe:ready'> = async () => ({})
