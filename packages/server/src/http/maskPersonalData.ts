import { maskPhoneNumber } from '@foyer/protocol'
import { databaseErrorOf } from '../errors/databaseErrorOf'

const EMAIL = /[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g
/** A phone number with its country code: `+14155550100`, `+1 415-555 0100`, `+44 (20) 7946 0958`. */
const PHONE = /\+[1-9][0-9 ().-]{5,18}[0-9]/g
const MAX_DEPTH = 4

/**
 * `text` with every email address masked to its first character and domain (`a•••@example.com`) and every
 * phone number masked to its last 4 characters (`+•••••••0100`, docs/limits.md).
 *
 * @example maskText('code for ana@example.com') // 'code for a•••@example.com'
 */
export function maskText(text: string): string {
  if (!text.includes('@') && !text.includes('+')) return text
  return text
    .replace(EMAIL, (match, domain: string) => `${match[0]}•••@${domain}`)
    .replace(PHONE, (match) => maskPhoneNumber(match))
}

/**
 * A copy of a log entry's fields with {@link maskText} applied to every string in plain objects, arrays
 * and errors (to depth 4; other objects such as Fastify's request are left to their serializers). A
 * database error becomes its SQLSTATE, message and statement, without the statement's parameters.
 *
 * @example maskPersonalData({ to: 'ana@example.com' }) // { to: 'a•••@example.com' }
 */
export function maskPersonalData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value)
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (value instanceof Error) {
    const database = databaseErrorOf(value)
    if (database) return maskPersonalData(database, depth + 1)
    const code = (value as { code?: unknown }).code
    return {
      type: value.name,
      message: maskText(value.message),
      ...(typeof code === 'string' ? { code } : {}),
      ...(value.stack ? { stack: maskText(value.stack) } : {}),
    }
  }
  if (Array.isArray(value)) return value.map((item) => maskPersonalData(item, depth + 1))
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) copy[key] = maskPersonalData(item, depth + 1)
  return copy
}

/** pino's numeric level of `info`. */
const INFO = 30

/**
 * A pino `hooks.logMethod` that masks email addresses and phone numbers ({@link maskPersonalData}) in the
 * message and fields of every entry at info level and above; debug and trace entries stay as written.
 *
 * @example Fastify({ logger: { level: 'info', hooks: { logMethod: maskingLogMethod } } })
 */
export function maskingLogMethod(
  this: unknown,
  inputArgs: Parameters<(...args: unknown[]) => void>,
  method: (...args: unknown[]) => void,
  level: number,
): void {
  method.apply(this, level < INFO ? inputArgs : inputArgs.map((arg) => maskPersonalData(arg)))
}
