import {
  type ServerErrorKey,
  type ServerErrorParameters,
  serverErrorMessage,
  serverErrors,
} from '@foyer/protocol'
import { FoyerHttpError } from './FoyerHttpError'

/** What an answer carries besides its message: structured details (`data` of `{ error, code, data }`). */
export type FoyerErrorOptions = { data?: Record<string, unknown> }

/** The arguments after the key: the message's parameters when it has variable parts, then the options. */
export type FoyerErrorArguments<Key extends ServerErrorKey> =
  ServerErrorParameters<Key> extends undefined
    ? [options?: FoyerErrorOptions]
    : [parameters: ServerErrorParameters<Key>, options?: FoyerErrorOptions]

/**
 * The {@link FoyerHttpError} of the catalogue entry `key` (`serverErrors` in `@foyer/protocol`,
 * docs/errors.md): its code, its message built from `parameters`, and its status (the entry's `status`,
 * else the code's). A key that is not in the catalogue, or a message without its parameters, does not
 * compile. Server code throws only these: a guard test refuses a message written at a throw site.
 *
 * @example throw foyerError('invalidVerificationCode') // 401 invalid_credentials 'Invalid or expired verification code'
 * @example throw foyerError('unknownOAuthProvider', { provider }) // 400 invalid_data 'Unknown OAuth provider …'
 */
export function foyerError<Key extends ServerErrorKey>(
  key: Key,
  ...rest: FoyerErrorArguments<Key>
): FoyerHttpError {
  const entry: { code: (typeof serverErrors)[ServerErrorKey]['code']; status?: number } = serverErrors[key]
  const hasParameters = typeof serverErrors[key].message === 'function'
  const options = (hasParameters ? rest[1] : rest[0]) as FoyerErrorOptions | undefined
  const message = (serverErrorMessage as (key: ServerErrorKey, parameters?: unknown) => string)(
    key,
    hasParameters ? rest[0] : undefined,
  )
  return new FoyerHttpError(entry.code, message, options?.data, entry.status)
}
