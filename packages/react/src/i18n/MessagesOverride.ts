import type { Messages } from './Messages'

/**
 * Some strings of {@link Messages}, keyed like English (`{ landing: { header: '…' } }`): a locale's texts
 * and a host's `intl.messages` overrides. A key left out shows the text underneath (the locale's, else
 * English). Placeholders (`{app}`, `{n}` …) are the English text's.
 *
 * @example
 * const messages: MessagesOverride = { landing: { header: 'Welcome back' } }
 */
export type MessagesOverride = {
  [Screen in keyof Messages]?: { [Key in keyof Messages[Screen]]?: string }
}
