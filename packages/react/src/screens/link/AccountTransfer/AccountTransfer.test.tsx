import type { User } from '@foyer/protocol'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import {
  createTestClient,
  TEST_CODE,
  type TestRoutes,
  testAuthResponse,
  testUser,
} from '../../../../test/createTestClient'
import { renderInProvider, signInWithTestCode } from '../../../../test/renderInProvider'
import { useLinkEmail } from '../../../hooks/useLinkEmail'
import { allEnglish as en } from '../../../i18n/allEnglish'
import { accountTransferTitle } from './accountTransferTitle'

afterEach(cleanup)

const OTHER_WALLET = '0x1111111111111111111111111111111111111111'
const withEmail = (address: string): User => ({
  ...testUser,
  linked_accounts: [
    ...testUser.linked_accounts,
    { type: 'email', address, verified_at: 2, first_verified_at: 2, latest_verified_at: 2 },
  ],
})
const conflict = (embeddedWalletAddress: string | null) => () => ({
  status: 400,
  body: {
    error: 'Account transfer required',
    code: 'account_transfer_required',
    data: {
      nonce: 'the-nonce',
      subject: 'bob@example.org',
      account: { displayName: 'bob@example.org' },
      otherUser: { embeddedWalletAddress },
    },
  },
})

/** A host page with the link-email button; shows the flow's outcome. */
function Host() {
  const { openLinkEmail } = useLinkEmail()
  const [outcome, setOutcome] = useState('')
  const link = () =>
    openLinkEmail().then(
      (user) => setOutcome(`linked ${user.linked_accounts.length}`),
      (error: { code?: string }) => setOutcome(`failed ${error.code}`),
    )
  return (
    <div>
      <button type="button" onClick={link}>
        Host link email
      </button>
      <p data-testid="outcome">{outcome}</p>
    </div>
  )
}

/** Signs in, links bob@example.org, and stops on the screen the conflict opens. */
async function linkTakenEmail(routes: TestRoutes) {
  const { client, calls } = createTestClient({
    'POST /api/v1/passwordless/authenticate': () => ({ status: 200, body: testAuthResponse() }),
    'POST /api/v1/sessions': () => ({
      status: 200,
      body: testAuthResponse({ user: withEmail('bob@example.org') }),
    }),
    ...routes,
  })
  const { user } = await renderInProvider(client, <Host />)
  await signInWithTestCode(client)
  await user.click(screen.getByRole('button', { name: 'Host link email' }))
  await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'bob@example.org{Enter}')
  await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
  await user.keyboard(TEST_CODE)
  return { user, calls, client }
}

describe('Account transfer prompt', () => {
  test('default: the conflict asks to transfer; Transfer account moves it, reads Success!, the flow resolves', async () => {
    const { user, calls } = await linkTakenEmail({
      'POST /api/v1/passwordless/link': conflict(null),
      'POST /api/v1/passwordless/transfer': () => ({ status: 200, body: withEmail('bob@example.org') }),
    })
    expect(
      await screen.findByRole('heading', { name: 'Email address is associated with another account' }),
    ).toBeTruthy()
    expect(
      screen.getByText(
        'Do you want to transfer bob@example.org to this account? Your other account keeps its wallet and its other login methods; it is deleted only if nothing else is left on it.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Transfer account' }))
    expect(await screen.findByRole('button', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('linked 2'))
    expect(calls.find((call) => call.path === '/api/v1/passwordless/transfer')?.body).toEqual({
      nonce: 'the-nonce',
      email: 'bob@example.org',
    })
    // docs/modal.md: after the transfer the user is re-fetched.
    const transferAt = calls.findIndex((call) => call.path === '/api/v1/passwordless/transfer')
    expect(calls.slice(transferAt).some((call) => call.path === '/api/v1/sessions')).toBe(true)
  })

  test('behavior: a wallet address disclosed by a server → Continue → Check assets before transferring, with the copyable address', async () => {
    const { user, calls } = await linkTakenEmail({
      'POST /api/v1/passwordless/link': conflict(OTHER_WALLET),
      'POST /api/v1/passwordless/transfer': () => ({ status: 200, body: withEmail('bob@example.org') }),
    })
    await screen.findByRole('heading', { name: 'Email address is associated with another account' })
    expect(screen.queryByRole('button', { name: 'Transfer account' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Check assets before transferring' })).toBeTruthy()
    expect(screen.getByText(/copy its wallet address and check it with a block explorer/)).toBeTruthy()
    expect(screen.getByTitle(OTHER_WALLET).textContent).toBe(
      `${OTHER_WALLET.slice(0, 6)}…${OTHER_WALLET.slice(-4)}`,
    )
    expect(screen.getByRole('button', { name: 'Copy wallet address' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Transfer account' }))
    expect(await screen.findByRole('button', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('linked 2'))
    expect(calls.filter((call) => call.path === '/api/v1/passwordless/transfer')).toHaveLength(1)
  })

  test('behavior: No thanks closes the modal and rejects the link flow', async () => {
    const { user, calls } = await linkTakenEmail({ 'POST /api/v1/passwordless/link': conflict(null) })
    await user.click(await screen.findByRole('button', { name: 'No thanks' }))
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('failed user_rejected'))
    expect(calls.some((call) => call.path === '/api/v1/passwordless/transfer')).toBe(false)
  })

  test('error: a refused transfer shows the server message and keeps the buttons', async () => {
    const { user } = await linkTakenEmail({
      'POST /api/v1/passwordless/link': conflict(null),
      'POST /api/v1/passwordless/transfer': () => ({
        status: 401,
        body: { error: 'Invalid or expired account transfer nonce', code: 'invalid_credentials' },
      }),
    })
    await user.click(await screen.findByRole('button', { name: 'Transfer account' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired account transfer nonce')
    expect(screen.getByRole('button', { name: 'Transfer account' })).toBeTruthy()
  })
})

describe('accountTransferTitle', () => {
  test.each([
    ['sms', 'Phone number is associated with another account'],
    ['email', 'Email address is associated with another account'],
    ['siwe', 'Wallet address is associated with another account'],
    ['siws', 'Wallet address is associated with another account'],
    ['github', 'GitHub profile is associated with another account'],
    ['telegram', 'Telegram profile is associated with another account'],
    ['farcaster', 'Farcaster profile is associated with another account'],
  ])('default: %s', (linkMethod, title) => {
    expect(accountTransferTitle({ linkMethod }, en)).toBe(title)
  })
})
