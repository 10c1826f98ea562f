/**
 * The id of the built-in console app (25 characters, like every app id): operators sign in to the console
 * with it; the server creates it at start when the console is on (docs/console.md#access).
 */
export const CONSOLE_APP_ID = 'foyerconsoleapp0000000000'

/** Where the server serves the console page (docs/console.md). */
export const CONSOLE_PATH = '/console'

/** The prefix of every console call; each is authorised by the operator guard (docs/console.md#access). */
export const CONSOLE_API_PREFIX = '/api/v1/console'
