import { loginWithEmailCode } from '@foyer/core'
import type { PasskeyAccount, User } from '@foyer/protocol'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import {
  createTestClient,
  TEST_APP_ID,
  TEST_CODE,
  testAuthResponse,
  testUser,
} from '../../../../test/createTestClient'
import { FoyerProvider } from '../../../FoyerProvider/FoyerProvider'
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
  const events = userEvent.setup()
  render(
    <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
      <Host />
    </FoyerProvider>,
  )
  // Sign in once the provider has initialized (its session restore would otherwise clear the user).
  await waitFor(() => expect(client.getState().status).toBe('ready'))
  await act(() => loginWithEmailCode(client, { email: 'ada@example.com', code: TEST_CODE }))
  await events.click(screen.getByRole('button', { name: 'Host passkeys' }))
  await screen.findByRole('heading', { name: 'Passkeys' })
  return { events, calls }
}

describe('LinkPasskey', () => {
  test('default: 2 passkeys shown before "View all", display names as documented', async () => {
    const { events } = await renderWith(
      withPasskeys(passkey('a', 'Chrome', 'macOS'), passkey('b', 'Safari', 'iOS'), passkey('c', null, null)),
    )
    const list = screen.getByRole('list')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getByText('Chrome on macOS')).toBeTruthy()
    await events.click(screen.getByRole('button', { name: 'View all' }))
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(within(list).getByText('Unknown device')).toBeTruthy()
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
