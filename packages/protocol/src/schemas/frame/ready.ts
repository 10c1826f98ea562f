import '../../zod/jitlessInBrowsers'
import { z } from 'zod'

/** `privy:iframe:ready` request: the host's handshake ping, posted until the frame answers. */
export const frameReadyRequestSchema = z.object({})
/** `privy:iframe:ready` reply. */
export const frameReadyReplySchema = z.object({})
