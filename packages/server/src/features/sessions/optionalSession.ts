import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../../ServerContext'
import { type RequireSessionReturnType, requireSession } from './requireSession'

/**
 * The live session `request` carries (see {@link requireSession}: Bearer, or the cookie in server-cookie
 * mode), or `null` when it carries none or one that is not live. For calls open to both signed-in and
 * signed-out users (a code send is a link code with a session, a login code without), read ONCE per
 * request so that every decision of the request rests on the same answer.
 */
export async function optionalSession(
  context: ServerContext,
  request: FastifyRequest,
): Promise<RequireSessionReturnType | null> {
  try {
    return await requireSession(context, request)
  } catch {
    return null
  }
}
