// The Users pages (docs/console.md#users) against a scripted console API: search and paging, the user's
// sections, and the actions behind their confirmation dialogs (keyboard, progress, errors).
import type { ConsoleUserRecord, ConsoleUserSummary } from '@foyer/protocol/console'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { ConsoleApiContext } from '../../api/ConsoleApiContext'
import { ConsoleApiError } from '../../api/ConsoleApiError'
import type { ConsoleApi } from '../../api/consoleApi'
import { UsersPage } from './UsersPage'

const USER_ID = 'u'.repeat(25)
const SHOP = { id: 'shop'.padEnd(25, '0'), name: 'Shop', allowed_origins: [], created_at: 1, updated_at: 1 }

type Call = { method: string; path: string; body?: unknown; query?: unknown }

/** A console API whose answers `answer` scripts; every call is recorded in `calls`. */
function scriptedApi(answer: (call: Call) => unknown | Promise<unknown>) {
  const calls: Call[] = []
  const run = async (call: Call, schema: { parse(value: unknown): unknown }) => {
    // The App select's list, the same for every test (not recorded).
    if (call.path === '/api/v1/console/apps') return schema.parse({ apps: [SHOP] })
    calls.push(call)
    return schema.parse(await answer(call))
  }
  const api = {
    get: (path, schema, query) => run({ method: 'GET', path, query }, schema),
    send: (method, path, body, schema) => run({ method, path, body }, schema),
  } as ConsoleApi
  return { api, calls }
}

function renderWith(api: ConsoleApi, node: ReactNode) {
  return render(
    <ConsoleApiContext.Provider value={{ api, operator: { userId: 'op', email: 'ops@console.test' } }}>
      {node}
    </ConsoleApiContext.Provider>,
  )
}

const summary = (index: number): ConsoleUserSummary => ({
  id: `did:foyer:${String(index).padStart(25, 'a')}`,
  user_id: String(index).padStart(25, 'a'),
  app_id: 'app',
  created_at: 1_900_000_000 - index,
  is_guest: false,
  identifiers: [`user${index}@example.com`],
})

function record(): ConsoleUserRecord {
  return {
    user: {
      id: `did:foyer:${USER_ID}`,
      created_at: 1_900_000_000,
      linked_accounts: [
        {
          type: 'email',
          address: 'ann@example.com',
          verified_at: 1,
          first_verified_at: 1,
          latest_verified_at: 1,
        },
      ],
      mfa_methods: [{ type: 'totp', verified_at: 1_900_000_100 }],
      has_accepted_terms: false,
      is_guest: false,
    },
    user_id: USER_ID,
    app_id: 'app',
    wallets: [
      {
        id: 'w1',
        address: '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01',
        chain_type: 'ethereum',
        chains: 'eip155:*',
        wallet_index: 0,
        recovery_method: 'privy',
        imported: false,
        delegated: false,
        created_at: 1_900_000_000,
      },
    ],
    mfa_factors: [{ type: 'totp', verified_at: 1_900_000_100 }],
    sessions: [
      {
        id: 's'.repeat(25),
        created_at: 1_900_000_000,
        last_seen_at: 1_900_000_500,
        expires_at: 1_902_592_000,
        revoked_at: null,
        user_agent: 'Mozilla/5.0 Firefox/130',
        forked: false,
        status: 'active',
      },
    ],
  }
}

afterEach(cleanup)

describe('the search page', () => {
  test('searches by what was typed (Enter submits), lists the users with links, and loads more', async () => {
    const { api, calls } = scriptedApi((call) => {
      const cursor = (call.query as { cursor?: string }).cursor
      return cursor
        ? { users: [summary(3)], next_cursor: null }
        : { users: [summary(1), summary(2)], next_cursor: 'next' }
    })
    renderWith(api, <UsersPage params={[]} />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Find a user'), ' Ann@Example.com {Enter}')
    expect(await screen.findByText('user1@example.com')).toBeTruthy()
    expect(calls[0]).toMatchObject({ path: '/api/v1/console/users', query: { q: 'Ann@Example.com' } })
    expect(screen.getByRole('link', { name: summary(1).id }).getAttribute('href')).toBe(
      `#/users/${summary(1).user_id}`,
    )
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('user3@example.com')).toBeTruthy()
    expect(calls[1]?.query).toMatchObject({ cursor: 'next' })
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  test("picking an app in the App select lists that app's users, without a query", async () => {
    const { api, calls } = scriptedApi(() => ({ users: [summary(4)], next_cursor: null }))
    renderWith(api, <UsersPage params={[]} />)
    const user = userEvent.setup()
    const search = screen.getByRole('button', { name: 'Search' })
    expect(search).toHaveProperty('disabled', true)
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'App' }),
      await screen.findByRole('option', { name: `Shop (${SHOP.id})` }),
    )
    await user.click(search)
    expect(await screen.findByText('user4@example.com')).toBeTruthy()
    expect(calls[0]).toMatchObject({ path: '/api/v1/console/users', query: { app_id: SHOP.id } })
  })

  test('error: a failed search says why, with its code, and can be tried again', async () => {
    let fail = true
    const { api } = scriptedApi(() => {
      if (fail)
        throw new ConsoleApiError({ status: 429, code: 'too_many_requests', serverMessage: 'Too many' })
      return { users: [], next_cursor: null }
    })
    renderWith(api, <UsersPage params={[]} />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Find a user'), 'nobody{Enter}')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Too many requests. Wait a moment and try again.')
    expect(alert.textContent).toContain('too_many_requests')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/No user matches/)).toBeTruthy()
  })
})

describe("a user's page", () => {
  test('shows the sections: accounts, wallets, factors, sessions with device and last seen', async () => {
    const { api } = scriptedApi(() => record())
    renderWith(api, <UsersPage params={[USER_ID]} />)
    expect(await screen.findByText('ann@example.com')).toBeTruthy()
    expect(screen.getByText('0xAbCdEf0123456789aBcDeF0123456789AbCdEf01')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'MFA factors' })).toBeTruthy()
    expect(screen.getByText('Mozilla/5.0 Firefox/130')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove Authenticator app…' })).toBeTruthy()
  })

  test('revoke all: a confirmation, progress while it runs, then the count and a reload', async () => {
    let release: () => void = () => undefined
    const { api, calls } = scriptedApi(async (call) => {
      if (call.method === 'POST') {
        await new Promise<void>((resolve) => {
          release = resolve
        })
        return { revoked: 1 }
      }
      return record()
    })
    renderWith(api, <UsersPage params={[USER_ID]} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Revoke all sessions…' }))
    const dialog = screen.getByRole('dialog', { name: 'Revoke all sessions?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke all sessions' }))
    expect(within(dialog).getByRole('button', { name: 'Working…' }).hasAttribute('disabled')).toBe(true)
    await act(async () => release())
    expect(await screen.findByText('1 session revoked.')).toBeTruthy()
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/v1/console/users/${USER_ID}/sessions/revoke`,
      body: {},
    })
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2))
  })

  test('remove a factor: needs the out-of-band confirmation; Escape cancels; an error stays in the dialog', async () => {
    const { api, calls } = scriptedApi((call) => {
      if (call.method === 'POST')
        throw new ConsoleApiError({
          status: 404,
          code: 'not_found',
          serverMessage: 'TOTP verification is not enabled.',
        })
      return record()
    })
    renderWith(api, <UsersPage params={[USER_ID]} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove Authenticator app…' }))
    let dialog = screen.getByRole('dialog', { name: 'Remove Authenticator app?' })
    const confirm = within(dialog).getByRole('button', { name: 'Remove Authenticator app' })
    expect(confirm.hasAttribute('disabled')).toBe(true)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Remove Authenticator app…' }))
    dialog = screen.getByRole('dialog', { name: 'Remove Authenticator app?' })
    await user.click(within(dialog).getByLabelText('I verified the user’s identity out of band'))
    await user.type(within(dialog).getByLabelText('Note for the audit log (optional)'), 'called back')
    await user.click(within(dialog).getByRole('button', { name: 'Remove Authenticator app' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('not_found')
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      type: 'totp',
      verified_out_of_band: true,
      note: 'called back',
    })
  })

  test('delete: only once the user id is typed again; then back to the search', async () => {
    const { api, calls } = scriptedApi((call) => (call.method === 'POST' ? { deleted: true } : record()))
    renderWith(api, <UsersPage params={[USER_ID]} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Delete user…' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this user?' })
    const confirm = within(dialog).getByRole('button', { name: 'Delete user' })
    await user.type(within(dialog).getByRole('textbox'), 'wrong')
    expect(confirm.hasAttribute('disabled')).toBe(true)
    await user.clear(within(dialog).getByRole('textbox'))
    await user.type(within(dialog).getByRole('textbox'), `${USER_ID}{Enter}`)
    await waitFor(() => expect(window.location.hash).toBe('#/users'))
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ confirm_user_id: USER_ID })
  })
})
