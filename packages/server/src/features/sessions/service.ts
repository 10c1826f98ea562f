/**
 * The sessions feature's services: starting, refreshing, forking and revoking sessions, and
 * authenticating access tokens.
 */

export { authenticateAccessToken } from './authenticateAccessToken'
export type { SessionTokens } from './authResponse'
export { forkSession, recoverForkedSession } from './forkSession'
export { revokeSession, revokeSessionById } from './revokeSession'
export { refreshSession } from './rotateRefreshToken'
export { startSession } from './startSession'
