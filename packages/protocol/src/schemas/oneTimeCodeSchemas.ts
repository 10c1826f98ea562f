/** The request schemas shared by the sign-in methods that prove an identifier with a one-time code. */
import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { authModeSchema, codeSchema } from './common'

/** Longest captcha token accepted with a code request, in characters. */
const CAPTCHA_TOKEN_MAX_LENGTH = 4096

/**
 * The request bodies of a sign-in method that proves an identifier (an email address, a phone number) with
 * a mailed or texted one-time code, the identifier under the key `identifier` and checked by `schema`:
 * - `init` `{ <identifier>, token? }` (`token`: the captcha token);
 * - `authenticate` `{ <identifier>, code, mode? }`;
 * - `link` `{ <identifier>, code }`;
 * - `update` `{ <update[0]>: old, <update[1]>: new, code }` (the code is sent to the new identifier);
 * - `unlink` `{ <unlink> }`.
 *
 * @example const email = oneTimeCodeSchemas('email', emailSchema, { update: ['oldAddress', 'newAddress'], unlink: 'address' })
 */
export function oneTimeCodeSchemas<
  const Identifier extends string,
  const Old extends string,
  const New extends string,
  const Unlink extends string,
  Schema extends z.ZodType,
>(identifier: Identifier, schema: Schema, keys: { update: readonly [Old, New]; unlink: Unlink }) {
  const field = <Key extends string>(key: Key) => ({ [key]: schema }) as Record<Key, Schema>
  return {
    init: z.object({ ...field(identifier), token: z.string().max(CAPTCHA_TOKEN_MAX_LENGTH).optional() }),
    authenticate: z.object({ ...field(identifier), code: codeSchema, mode: authModeSchema.optional() }),
    link: z.object({ ...field(identifier), code: codeSchema }),
    update: z.object({ ...field(keys.update[0]), ...field(keys.update[1]), code: codeSchema }),
    unlink: z.object(field(keys.unlink)),
  }
}
