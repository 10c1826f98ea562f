/** The auth response of a session: its access, identity and refresh tokens and its user. */
import type { AuthResponse, User } from '@foyer/protocol'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { getUserJson } from '../users/service'
import { invalidToken } from './sessionLiveness'
import { signAccessToken, signIdentityToken } from './tokens'

/** The tokens and user of a session, as `buildAuthResponse` needs them. */
export type SessionTokens = { sessionId: string; userId: string; refreshToken: string }

export async function buildAuthResponse(
  context: ServerContext,
  app: LoadedApp,
  parameters: SessionTokens & { isNewUser: boolean; user?: User | null | undefined },
): Promise<AuthResponse> {
  const user = parameters.user ?? (await getUserJson(context, parameters.userId))
  if (!user) throw invalidToken()
  const settings = { issuer: context.issuer, ttlSeconds: context.accessTokenTtlSeconds, nowMs: context.now() }
  const [accessToken, identityToken] = await Promise.all([
    signAccessToken(app, { sessionId: parameters.sessionId, userId: parameters.userId }, settings),
    signIdentityToken(app, { userId: parameters.userId, linkedAccounts: user.linked_accounts }, settings),
  ])
  return {
    user,
    token: accessToken,
    privy_access_token: accessToken,
    refresh_token: parameters.refreshToken,
    identity_token: identityToken,
    session_update_action: 'set',
    is_new_user: parameters.isNewUser,
  }
}
