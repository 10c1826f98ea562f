import { CONSOLE_APP_ID, consoleAuditPageSchema } from '@foyer/protocol/console'
import { describe, expect, it, vi } from 'vitest'
import { routeOf } from '../shell/route'
import { ConsoleApiError } from './ConsoleApiError'
import { createConsoleApi } from './consoleApi'

const page = { events: [], next_cursor: null }
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('createConsoleApi', () => {
  it('default: sends the operator token and checks the answer', async () => {
    const fetchImpl = vi.fn(async (_url: string, _init?: RequestInit) => json(200, page))
    const api = createConsoleApi(
      { getAccessToken: async () => 'token-1', promptMfa: async () => {} },
      fetchImpl as unknown as typeof fetch,
    )
    expect(
      await api.get('/api/v1/console/audit', consoleAuditPageSchema, { limit: 5, cursor: undefined }),
    ).toEqual(page)
    const [url, init] = fetchImpl.mock.calls[0] ?? []
    expect(url).toBe('/api/v1/console/audit?limit=5')
    // The app id header too: the server's CSRF rule refuses a state-changing call without it.
    expect(init?.headers).toEqual({ authorization: 'Bearer token-1', 'privy-app-id': CONSOLE_APP_ID })
  })

  it('error: a refusal becomes a ConsoleApiError with a readable message and the server code', async () => {
    const api = createConsoleApi({ getAccessToken: async () => 't', promptMfa: async () => {} }, (async () =>
      json(403, {
        error: 'This account is not an operator of this console',
        code: 'not_console_operator',
      })) as unknown as typeof fetch)
    const error = await api.get('/api/v1/console/operator', consoleAuditPageSchema).catch((caught) => caught)
    expect(error).toBeInstanceOf(ConsoleApiError)
    expect(error).toMatchObject({ status: 403, code: 'not_console_operator' })
    expect(error.message).toContain('Sign in with an operator’s email address')

    const offline = createConsoleApi(
      { getAccessToken: async () => 't', promptMfa: async () => {} },
      (async () => {
        throw new TypeError('Failed to fetch')
      }) as unknown as typeof fetch,
    )
    await expect(offline.send('POST', '/api/v1/console/x', {}, consoleAuditPageSchema)).rejects.toMatchObject(
      {
        status: 0,
        code: 'network_error',
        message: 'Could not reach the server. Check your connection and try again.',
      },
    )
  })

  it('behavior: a call refused for want of MFA asks for a verification once and is sent again', async () => {
    const mfa = json(403, { error: 'MFA verification required', code: 'missing_or_invalid_mfa' })
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(mfa)
      .mockResolvedValueOnce(json(200, page))
      .mockResolvedValueOnce(
        json(403, { error: 'MFA verification required', code: 'missing_or_invalid_mfa' }),
      )
      .mockResolvedValueOnce(
        json(403, { error: 'MFA verification required', code: 'missing_or_invalid_mfa' }),
      )
    const promptMfa = vi.fn(async () => {})
    const api = createConsoleApi(
      { getAccessToken: async () => 't', promptMfa },
      fetchImpl as unknown as typeof fetch,
    )
    expect(await api.get('/api/v1/console/audit', consoleAuditPageSchema)).toEqual(page)
    expect(promptMfa).toHaveBeenCalledTimes(1)
    // Still refused after verifying: the error, not a loop.
    await expect(api.get('/api/v1/console/audit', consoleAuditPageSchema)).rejects.toMatchObject({
      code: 'missing_or_invalid_mfa',
    })
    expect(promptMfa).toHaveBeenCalledTimes(2)
    expect(fetchImpl).toHaveBeenCalledTimes(4)
  })
})

describe('routeOf', () => {
  it('default: the page and its params from the location hash; the default page without one', () => {
    expect(routeOf('', 'audit')).toEqual({ page: 'audit', params: [] })
    expect(routeOf('#/users/abc%2Fdef', 'audit')).toEqual({ page: 'users', params: ['abc/def'] })
  })
})
