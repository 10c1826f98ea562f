import { type AuthResponse, authResponseSchema } from '@foyer/protocol'
import { expect } from 'vitest'
import type { TestContext } from './createTestContext'

/**
 * Opens `n` more sessions of `auth`'s user by forking (docs/sessions.md): `POST /api/v1/sessions/fork` with
 * the latest refresh token and access token of the origin session (each fork rotates them), then
 * `POST /api/v1/sessions/fork/recover` with the new session's token. Expects 200 from each call; resolves
 * with the new sessions' access tokens, in order.
 *
 * @example const [second, third] = await forkSessions(t, await t.signIn(), 2)
 */
export async function forkSessions(t: TestContext, auth: AuthResponse, n: number): Promise<string[]> {
  let refreshToken = auth.refresh_token ?? ''
  let bearer = auth.token ?? ''
  const tokens: string[] = []
  for (let index = 0; index < n; index++) {
    const forked = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/fork',
      json: { refresh_token: refreshToken },
      bearer,
    })
    expect(forked.statusCode, forked.body).toBe(200)
    const body = forked.json() as { refresh_token: string; token: string; new_session_refresh_token: string }
    refreshToken = body.refresh_token
    bearer = body.token
    const recovered = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/fork/recover',
      json: { refresh_token: body.new_session_refresh_token },
    })
    expect(recovered.statusCode, recovered.body).toBe(200)
    tokens.push(authResponseSchema.parse(recovered.json()).token ?? '')
  }
  return tokens
}
