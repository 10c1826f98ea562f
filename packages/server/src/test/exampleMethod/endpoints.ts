/**
 * The example method's wire contract (docs/adding-a-sign-in-method.md, step 1): one endpoint row per call
 * (`Endpoint`: method, path, body and answer schemas), like the rows of the protocol's table. A method of
 * Foyer's own puts these rows in `packages/protocol/src/endpoints/endpoints.ts`; this example, being a
 * host's own method, keeps them beside its routes.
 */
import { authModeSchema, authResponseSchema, type Endpoint, userSchema } from '@foyer/protocol'
import { z } from 'zod'

/** An invite code as the host hands it out: 8 to 64 printable ASCII characters. */
const inviteCodeSchema = z.string().regex(/^[\x21-\x7e]{8,64}$/)

/** The member an invite code names (the account's subject): 1 to 64 of `a-z 0-9 _ -`. */
const memberSchema = z.string().regex(/^[a-z0-9_-]{1,64}$/)

/** The row of `POST path`. */
const post = <Body extends z.ZodType, Response extends z.ZodType>(
  path: string,
  body: Body,
  response: Response,
) => ({ method: 'POST', path, body, response }) as const satisfies Endpoint

/** The example method's calls, by name (`POST <path>`), as in the protocol's endpoint table. */
export const inviteCodeEndpoints = {
  /** `{ code, mode? }` → auth response: signs in (or up) the member the code names. */
  'POST /api/v1/invite_code/authenticate': post(
    '/api/v1/invite_code/authenticate',
    z.object({ code: inviteCodeSchema, mode: authModeSchema.optional() }),
    authResponseSchema,
  ),
  /** (session) `{ code }` → the user, the code's member linked. */
  'POST /api/v1/invite_code/link': post(
    '/api/v1/invite_code/link',
    z.object({ code: inviteCodeSchema }),
    userSchema,
  ),
  /** (session) `{ member }` → the user, that member's account removed. */
  'POST /api/v1/invite_code/unlink': post(
    '/api/v1/invite_code/unlink',
    z.object({ member: memberSchema }),
    userSchema,
  ),
  /** (session) `{ nonce, code }` → the user, the member's account moved from the user who held it. */
  'POST /api/v1/invite_code/transfer': post(
    '/api/v1/invite_code/transfer',
    z.object({ nonce: z.string().min(1).max(128), code: inviteCodeSchema }),
    userSchema,
  ),
} as const
