import { randomInt } from 'node:crypto'

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A random identifier of `length` lowercase alphanumerics from the CSPRNG (25 → ~129 bits). Used for app,
 * user, session and row ids.
 *
 * @example randomId() // 'k3v0x9…' (25 chars)
 */
export function randomId(length = 25): string {
  let id = ''
  for (let index = 0; index < length; index++) id += alphabet[randomInt(alphabet.length)]
  return id
}
