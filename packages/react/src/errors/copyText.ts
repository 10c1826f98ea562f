import type { Messages } from '../i18n/Messages'
import type { ErrorInfo } from './ErrorInfo'

/** A string of i18n/en.ts by `screen.key`, e.g. `'error.tooManyAttempts'` (a misspelt key does not compile). */
export type MessageKey = {
  [Screen in keyof Messages]: `${Screen}.${keyof Messages[Screen] & string}`
}[keyof Messages]

/**
 * A text of the error table (`errorTable`):
 * - `'error.tooManyAttempts'`: that string of the locale;
 * - `{ message: key }`: the error's own message (the server's `error` text), else the key's string; with
 *   `status`, the error's message only when the HTTP status is one of them;
 * - `{ details: key }`: the error's `details` (a wallet's own explanation), else the key's string.
 */
export type CopyText =
  | MessageKey
  | { message: MessageKey; status?: readonly number[] }
  | { details: MessageKey }

/**
 * Resolves a {@link CopyText} for an error in a locale (internal to the error table's readers).
 *
 * @example copyText({ message: 'error.tryAgainLater' }, { code: 'disallowed_login_method', message: 'Email login is off.' }, en) // 'Email login is off.'
 */
export function copyText(text: CopyText, error: ErrorInfo, messages: Messages): string {
  if (typeof text === 'string') return messageByKey(messages, text)
  if ('details' in text) return error.details || messageByKey(messages, text.details)
  const ownMessage = !text.status || (error.status !== undefined && text.status.includes(error.status))
  return (ownMessage && error.message) || messageByKey(messages, text.message)
}

function messageByKey(messages: Messages, key: MessageKey): string {
  const [screen, name] = key.split('.') as [string, string]
  return (messages as unknown as Record<string, Record<string, string>>)[screen]?.[name] ?? key
}
