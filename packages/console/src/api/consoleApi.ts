import { headers } from '@foyer/protocol'
import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import { ConsoleApiError, consoleApiErrorOf } from './ConsoleApiError'

/** Anything that checks an answer's shape: a zod schema of `@foyer/protocol/console` (`schema.parse`). */
export type AnswerSchema<T> = { parse(value: unknown): T }

/** Query parameters of a call; `undefined` ones are left out. */
export type ConsoleQuery = Readonly<Record<string, string | number | boolean | undefined>>

/**
 * The console's calls to its server (same origin, under `/api/v1/console/`), each with the operator's access
 * token (`Authorization: Bearer`). Every method resolves with the answer checked by `schema`, or rejects with
 * a {@link ConsoleApiError} (readable `message`, server `code`). A call refused for want of a recent MFA
 * verification asks for one (the modal) and is sent once more.
 */
export type ConsoleApi = {
  /** `GET path?query`. @example await api.get('/api/v1/console/audit', consoleAuditPageSchema, { limit: 50 }) */
  get<T>(path: string, schema: AnswerSchema<T>, query?: ConsoleQuery): Promise<T>
  /** `GET path?query` answering text (a CSV download). @example await api.getText('/api/v1/console/usage.csv', { from, to }) */
  getText(path: string, query?: ConsoleQuery): Promise<string>
  /** `POST`/`PUT`/`PATCH`/`DELETE` with a JSON `body`. @example await api.send('PATCH', `/api/v1/console/apps/${id}`, body, appSchema) */
  send<T>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    schema: AnswerSchema<T>,
  ): Promise<T>
}

/** What {@link createConsoleApi} needs from the signed-in page. */
export type ConsoleApiSession = {
  /** The operator's access token, refreshed when needed (`useFoyer().getAccessToken`). */
  getAccessToken(): Promise<string | null>
  /** Asks the operator to verify with their second factor (`useMfa().promptMfa`); rejects when they cancel. */
  promptMfa(): Promise<void>
}

function urlOf(path: string, query: ConsoleQuery | undefined): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value))
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/**
 * A {@link ConsoleApi} over `fetch` for `session` (the console page builds one in its shell; pages use
 * `useConsoleApi()`).
 */
export function createConsoleApi(session: ConsoleApiSession, fetchImpl: typeof fetch = fetch): ConsoleApi {
  const call = async <T>(
    url: string,
    init: RequestInit,
    schema: AnswerSchema<T>,
    retried = false,
    read: (response: Response) => Promise<unknown> = (response) => response.json(),
  ): Promise<T> => {
    const token = await session.getAccessToken()
    let response: Response
    try {
      response = await fetchImpl(url, {
        ...init,
        headers: {
          // Names the console app: the server's CSRF rule wants an app id on every write (docs/limits.md).
          [headers.appId]: CONSOLE_APP_ID,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      })
    } catch {
      throw new ConsoleApiError({ status: 0, code: 'network_error', serverMessage: '' })
    }
    if (response.ok) return schema.parse(await read(response))
    const error = await consoleApiErrorOf(response)
    if (error.code === 'missing_or_invalid_mfa' && error.status === 403 && !retried) {
      await session.promptMfa()
      return call(url, init, schema, true, read)
    }
    throw error
  }
  return {
    get: (path, schema, query) => call(urlOf(path, query), { method: 'GET' }, schema),
    getText: (path, query) =>
      call(urlOf(path, query), { method: 'GET' }, { parse: (value) => String(value) }, false, (response) =>
        response.text(),
      ),
    send: (method, path, body, schema) =>
      call(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }, schema),
  }
}
