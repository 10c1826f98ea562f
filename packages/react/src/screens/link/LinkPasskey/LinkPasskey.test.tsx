import type { PasskeyAccount, User } from '@foyer/protocol'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestClient, testAuthResponse, testUser } from '../../../../test/createTestClient'
import { renderInProvider, signInWithTestCode } from '../../../../test/renderInProvider'
import { useLinkPasskey } from '../../../hooks/useLinkPasskey'

afterEach(cleanup)

const passkey = (id: string, browser: string | null, os: string | null): PasskeyAccount =>
  ({
    type: 'passkey',
    credential_id: id,
    authenticator_name: null,
    created_with_browser: browser,
    created_with_os: os,
    created_with_device: null,
    enrolled_in_mfa: false,
    verified_at: 1_700_000_000,
    first_verified_at: 1_700_000_000,
    latest_verified_at: 1_700_000_000,
  }) as unknown as PasskeyAccount

const withPasskeys = (...passkeys: PasskeyAccount[]): User => ({
  ...testUser,
  linked_accounts: [...testUser.linked_accounts, ...passkeys],
})

function Host() {
  const { openLinkPasskey } = useLinkPasskey()
  return (
    <button type="button" onClick={() => void openLinkPasskey()}>
      Host passkeys
    </button>
  )
}

async function renderWith(user: User, unlinked?: User) {
  const { client, calls } = createTestClient({
    'POST /api/v1/passwordless/authenticate': () => ({ status: 200, body: testAuthResponse({ user }) }),
    'POST /api/v1/passkeys/unlink': () => ({ status: 200, body: unlinked ?? testUser }),
  })
  const { user: events } = await renderInProvider(client, <Host />)
  await signInWithTestCode(client)
  await events.click(screen.getByRole('button', { name: 'Host passkeys' }))
  await screen.findByRole('heading', { name: 'Your passkeys' })
  return { events, calls }
}

describe('LinkPasskey', () => {
  test('default: up to 3 passkeys shown in full, with display names and when each was last used', async () => {
    await renderWith(
      withPasskeys(
        passkey('a', 'Chrome', 'macOS'),
        { ...passkey('b', 'Safari', 'iOS'), latest_verified_at: 1_800_000_000 },
        passkey('c', null, null),
      ),
    )
    const items = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]?.textContent).toMatch(/^Chrome on macOSLast used .*2023/)
    expect(items[1]?.textContent).toMatch(/^Safari on iOSLast used .*2027/)
    expect(items[2]?.textContent).toMatch(/^Unknown deviceLast used/)
    expect(screen.queryByRole('button', { name: 'View all' })).toBeNull()
  })

  test('behavior: with more than 3 passkeys, 2 shown and "View all"', async () => {
    const { events } = await renderWith(
      withPasskeys(
        ...['a', 'b', 'c', 'd'].map((id) => passkey(id, 'Chrome', id === 'a' ? 'macOS' : 'Linux')),
      ),
    )
    const list = screen.getByRole('list')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getByText('Chrome on macOS')).toBeTruthy()
    await events.click(screen.getByRole('button', { name: 'View all' }))
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
  })

  test('behavior: no "View all" with 2 passkeys or fewer; empty list text', async () => {
    await renderWith(testUser)
    expect(screen.getByText('No passkeys linked yet.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'View all' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Add new passkey' })).toBeTruthy()
  })

  test('behavior: Remove unlinks the passkey by credential_id and the list follows the user', async () => {
    const { events, calls } = await renderWith(withPasskeys(passkey('a', 'Chrome', 'macOS')), testUser)
    await events.click(screen.getByRole('button', { name: 'Remove Chrome on macOS' }))
    await waitFor(() => expect(screen.getByText('No passkeys linked yet.')).toBeTruthy())
    // The outcome shows on the screen, not only to a screen reader.
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('Passkey removed')
    expect(status.className).toContain('foyer-status-ok')
    expect(calls.find((call) => call.path === '/api/v1/passkeys/unlink')?.body).toEqual({
      credential_id: 'a',
    })
  })

  test('behavior: Add new passkey is disabled at 5 passkeys', async () => {
    await renderWith(withPasskeys(...['a', 'b', 'c', 'd', 'e'].map((id) => passkey(id, 'Chrome', 'Linux'))))
    expect((screen.getByRole('button', { name: 'Add new passkey' }) as HTMLButtonElement).disabled).toBe(true)
  })

  test('error: without WebAuthn, adding shows "WebAuthn is not supported in this browser"', async () => {
    const { events } = await renderWith(testUser)
    await events.click(screen.getByRole('button', { name: 'Add new passkey' }))
    expect((await screen.findByRole('alert')).textContent).toBe('WebAuthn is not supported in this browser')
  })
})
