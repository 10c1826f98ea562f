// The Usage page (docs/console.md#usage) against a scripted console API: the app filter is a select of the
// server's apps, and the report is asked for the app chosen.
import type { ConsoleUsage } from '@foyer/protocol/console'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { ConsoleApiContext } from '../../api/ConsoleApiContext'
import { ConsoleApiError } from '../../api/ConsoleApiError'
import type { ConsoleApi } from '../../api/consoleApi'
import { UsagePage } from './UsagePage'

type Call = { path: string; query?: unknown }
const APPS = [
  { id: 'a'.repeat(25), name: 'Shop', allowed_origins: [], created_at: 1, updated_at: 1 },
  { id: 'b'.repeat(25), name: 'Blog', allowed_origins: [], created_at: 2, updated_at: 2 },
]
const COUNTS = ['sign_ups', 'returning', 'wallets_created', 'funding_started', 'funding_completed'] as const
const report = (appId: string | null): ConsoleUsage => ({
  from: '2030-03-01',
  to: '2030-03-01',
  app_id: appId,
  methods: [],
  // One day, every count 0.
  days: [
    {
      day: '2030-03-01',
      sign_ins: {},
      funnel: [],
      ...(Object.fromEntries(COUNTS.map((key) => [key, 0])) as Record<(typeof COUNTS)[number], number>),
    },
  ],
})

function renderPage(apps: () => unknown) {
  const calls: Call[] = []
  const api = {
    get: async (path: string, schema: { parse(value: unknown): unknown }, query?: unknown) => {
      calls.push({ path, query })
      if (path === '/api/v1/console/apps') return schema.parse(apps())
      const appId = (query as { app_id?: string } | undefined)?.app_id ?? null
      return schema.parse(report(appId))
    },
  } as unknown as ConsoleApi
  render(
    <ConsoleApiContext.Provider value={{ api, operator: { userId: 'op', email: 'ops@console.test' } }}>
      <UsagePage params={[]} />
    </ConsoleApiContext.Provider>,
  )
  return calls
}

afterEach(cleanup)

describe('the usage page', () => {
  test("the app filter is a select: 'All apps', then the server's apps; Show asks for the app chosen", async () => {
    const calls = renderPage(() => ({ apps: APPS }))
    const select = screen.getByRole('combobox', { name: 'App' })
    await screen.findByRole('option', { name: `Shop (${'a'.repeat(25)})` })
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All apps',
      `Shop (${'a'.repeat(25)})`,
      `Blog (${'b'.repeat(25)})`,
    ])
    const user = userEvent.setup()
    await user.selectOptions(select, 'b'.repeat(25))
    await user.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/console/usage').at(-1)?.query).toMatchObject({
        app_id: 'b'.repeat(25),
      }),
    )
    await user.selectOptions(select, '')
    await user.click(screen.getByRole('button', { name: 'Show' }))
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/console/usage').at(-1)?.query).toMatchObject({
        app_id: undefined,
      }),
    )
  })

  test('error: a failed apps list says why and keeps All apps', async () => {
    renderPage(() => {
      throw new ConsoleApiError({ status: 503, code: 'unavailable_test', serverMessage: 'Down for now' })
    })
    expect(await screen.findByText(/Down for now/)).toBeTruthy()
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All apps'])
  })
})
