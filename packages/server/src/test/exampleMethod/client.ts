/**
 * The example method's client (docs/adding-a-sign-in-method.md, step 3): one function per call, each taking
 * the server's URL, the app id and one parameters object, and answering the parsed wire shape. A method of
 * Foyer's own has these as core actions (`packages/core/src/actions/<method>/<verb>.ts`) over core's
 * `request()`, which the protocol's endpoint table types.
 */
import { type AuthResponse, authResponseSchema, type User, userSchema } from '@foyer/protocol'
import type { z } from 'zod'
import { inviteCodeEndpoints as endpoints } from './endpoints'

/** Where the calls go: the server's origin and the app (`privy-app-id`). */
export type InviteCodeClient = { baseUrl: string; appId: string }

/** A call the server refused: its HTTP status and the wire error's `code` (docs/errors.md). */
export class InviteCodeCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly body: unknown,
  ) {
    super(`invite code call failed: ${status} ${code ?? ''}`)
  }
}

/** `POST path` with `body` (and the access token `token`); the answer parsed by `answer`, else the error. */
async function call<Answer extends z.ZodType>(
  client: InviteCodeClient,
  path: string,
  parameters: { body: unknown; token?: string; answer: Answer },
): Promise<z.infer<Answer>> {
  const response = await fetch(new URL(path, client.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'privy-app-id': client.appId,
      ...(parameters.token ? { authorization: `Bearer ${parameters.token}` } : {}),
    },
    body: JSON.stringify(parameters.body),
    signal: AbortSignal.timeout(10_000),
  })
  const json: unknown = await response.json()
  if (!response.ok) throw new InviteCodeCallError(response.status, (json as { code?: string }).code, json)
  return parameters.answer.parse(json)
}

/** Signs in (or up) with an invite code; returns the auth response (its `token` is the access token). */
export function loginWithInviteCode(
  client: InviteCodeClient,
  parameters: { code: string; mode?: 'login-or-sign-up' | 'no-signup' },
): Promise<AuthResponse> {
  const { path } = endpoints['POST /api/v1/invite_code/authenticate']
  return call(client, path, { body: parameters, answer: authResponseSchema })
}

/** Links the member of `code` to the signed-in user (`token`); returns the user. */
export function linkInviteCode(
  client: InviteCodeClient,
  parameters: { token: string; code: string },
): Promise<User> {
  const { path } = endpoints['POST /api/v1/invite_code/link']
  return call(client, path, { body: { code: parameters.code }, token: parameters.token, answer: userSchema })
}

/** Unlinks `member` from the signed-in user (`token`); returns the user. */
export function unlinkInviteCode(
  client: InviteCodeClient,
  parameters: { token: string; member: string },
): Promise<User> {
  const { path } = endpoints['POST /api/v1/invite_code/unlink']
  return call(client, path, {
    body: { member: parameters.member },
    token: parameters.token,
    answer: userSchema,
  })
}

/** Moves the member of `code` to the signed-in user (`token`) with the `account_transfer_required` nonce. */
export function transferInviteCode(
  client: InviteCodeClient,
  parameters: { token: string; nonce: string; code: string },
): Promise<User> {
  const { path } = endpoints['POST /api/v1/invite_code/transfer']
  const body = { nonce: parameters.nonce, code: parameters.code }
  return call(client, path, { body, token: parameters.token, answer: userSchema })
}
