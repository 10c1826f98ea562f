import type { AuthResponse } from '@foyer/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { type SignInWithAccountParameters, signInWithAccount } from '../users/signIn'
import { deliverAuthResponse } from './deliverAuthResponse'
import { startSession } from './startSession'

/**
 * Starts a session for a signed-in user (`startSession`) and returns the auth response to send for
 * `request` (`deliverAuthResponse`: in server-cookie mode the tokens move into cookies). `extra` fields are
 * added to the response (e.g. an OAuth sign-in's `oauth_tokens`).
 *
 * @example return answerWithSession(context, request, reply, foyerApp, { userId, isNewUser: false })
 */
export async function answerWithSession(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  app: LoadedApp,
  user: { userId: string; isNewUser: boolean },
  extra: Partial<AuthResponse> = {},
): Promise<AuthResponse> {
  const response = await startSession(context, app, {
    ...user,
    userAgent: request.headers['user-agent'],
  })
  return deliverAuthResponse(context, request, reply, app, { ...response, ...extra })
}

/** The proven account a sign-in route signs in with: `signInWithAccount`'s parameters but app and time. */
export type SignInAccount = Omit<SignInWithAccountParameters, 'appId' | 'now' | 'mode'> & {
  /** `no-signup` refuses a new user (404 `user_does_not_exist`); default `login-or-sign-up`. */
  mode?: SignInWithAccountParameters['mode'] | undefined
}

/**
 * The end of a sign-in route: signs in the owner of the proven `account` in `app` now
 * (`signInWithAccount`: the existing user, or a new one under the sign-up rules) and answers with a new
 * session ({@link answerWithSession}). Throws as `signInWithAccount` does (404 `user_does_not_exist`, 403
 * `allowlist_rejected`, 403 `max_accounts_reached`).
 *
 * @example return answerSignIn(context, request, reply, foyerApp, { type: 'telegram', subject, details })
 */
export async function answerSignIn(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  app: LoadedApp,
  account: SignInAccount,
  extra: Partial<AuthResponse> = {},
): Promise<AuthResponse> {
  const { mode = 'login-or-sign-up', ...rest } = account
  const user = await signInWithAccount(context, {
    ...rest,
    appId: app.id,
    mode,
    now: new Date(context.now()),
  })
  return answerWithSession(context, request, reply, app, user, extra)
}
