/**
 * The example method's routes (docs/adding-a-sign-in-method.md, step 2): sign-in through `answerSignIn`
 * (`signInWithAccount`, `startSession`, `deliverAuthResponse`); link, unlink and transfer from the
 * account-route factory (`accountRoutes`).
 */

import { createHash } from 'node:crypto'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import type { PluginRoutes } from '../../FoyerPlugin'
import { requireApp } from '../../features/apps/requireApp'
import { answerSignIn } from '../../features/sessions/answerSignIn'
import { accountRoutes } from '../../features/users/accountRoutes'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import type { ServerContext } from '../../ServerContext'
import { inviteAccountKind } from './account'
import { inviteCodeEndpoints as endpoints } from './endpoints'

/** The resolved options: the members by the SHA-256 (hex) of their invite code. */
export type InviteCodeSettings = { membersByCodeHash: ReadonlyMap<string, string> }

/** The server context the example's routes take: the shared one with its settings. */
export type InviteCodeContext = ServerContext & { inviteCode: InviteCodeSettings }

/** SHA-256 hex of an invite code: the key the members are found by (a lookup never compares the codes). */
export function inviteCodeHash(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex')
}

/** The member `code` names; 401 `invalid_credentials` when it names none. */
function memberOf(context: InviteCodeContext, code: string): string {
  const member = context.inviteCode.membersByCodeHash.get(inviteCodeHash(code))
  if (!member) throw new FoyerHttpError('invalid_credentials', 'Invalid invite code')
  return member
}

/**
 * - `POST /api/v1/invite_code/authenticate` `{ code, mode? }` → auth response of a new session for the
 *   member the code names (created on first sign-in; 401 `invalid_credentials` for an unknown code).
 * - `…/link` (session) `{ code }` → the user; `…/unlink` (session) `{ member }` → the user; `…/transfer`
 *   (session) `{ nonce, code }` → the user (the factory's rules: docs/linked-accounts.md#linking).
 * All are rate-limited per IP by the method's rule `inviteCode` (unlink excepted).
 */
export const inviteCodeRoutes: PluginRoutes<InviteCodeContext> = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.inviteCode)
  const authenticate = endpoints['POST /api/v1/invite_code/authenticate']

  endpointRoute(app, authenticate, { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    return answerSignIn(context, request, reply, foyerApp, {
      type: 'invite',
      subject: memberOf(context, request.body.code),
      mode: request.body.mode,
    })
  })

  await accountRoutes(app, context, {
    kinds: [inviteAccountKind],
    config,
    link: {
      endpoint: endpoints['POST /api/v1/invite_code/link'],
      prove: async ({ body }) => ({ subject: memberOf(context, body.code) }),
    },
    unlink: {
      endpoint: endpoints['POST /api/v1/invite_code/unlink'],
      rateLimited: false,
      account: async ({ body }) => ({ subject: body.member }),
    },
    transfer: {
      endpoint: endpoints['POST /api/v1/invite_code/transfer'],
      account: async ({ body }) => ({ subject: memberOf(context, body.code) }),
    },
  })
}
