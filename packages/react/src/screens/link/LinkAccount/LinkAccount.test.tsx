import type { User } from '@foyer/protocol'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import {
  createTestClient,
  type FakeApi,
  TEST_CODE,
  type TestRoutes,
  testUser,
} from '../../../../test/createTestClient'
import { renderInProvider, signInWithTestCode } from '../../../../test/renderInProvider'
import { useLinkEmail } from '../../../hooks/useLinkEmail'
import { useLinkPhone } from '../../../hooks/useLinkPhone'
import { useUpdateEmail } from '../../../hooks/useUpdateEmail'
import { useUpdatePhone } from '../../../hooks/useUpdatePhone'

afterEach(cleanup)

const phoneAccount = (number: string) => ({
  type: 'phone' as const,
  number,
  verified_at: 2,
  first_verified_at: 2,
  latest_verified_at: 2,
})
const withPhone = (number: string): User => ({
  ...testUser,
  linked_accounts: [...testUser.linked_accounts, phoneAccount(number)],
})
/** A link's answer: the user, the session kept (docs/linked-accounts.md#linking); the refresh after it answers `user` too. */
const linkAnswer = (api: FakeApi, user: User) => {
  api.setUser(user)
  return { status: 200, body: user }
}

/** A host page with link buttons; shows each flow's outcome. */
function Host() {
  const { openLinkPhone } = useLinkPhone()
  const { openLinkEmail } = useLinkEmail()
  const { openUpdatePhone } = useUpdatePhone()
  const { openUpdateEmail } = useUpdateEmail()
  const [outcome, setOutcome] = useState('')
  const report = (promise: Promise<User>) =>
    promise.then(
      (user) => setOutcome(`linked ${user.linked_accounts.map((a) => a.type).join(',')}`),
      (error: { code?: string; message?: string }) => setOutcome(`failed ${error.code ?? error.message}`),
    )
  return (
    <div>
      <button type="button" onClick={() => report(openLinkPhone())}>
        Host link phone
      </button>
      <button type="button" onClick={() => report(openLinkEmail())}>
        Host link email
      </button>
      <button type="button" onClick={() => report(openUpdatePhone())}>
        Host update phone
      </button>
      <button type="button" onClick={() => report(openUpdateEmail())}>
        Host update email
      </button>
      <p data-testid="outcome">{outcome}</p>
    </div>
  )
}

async function renderSignedIn(
  routes: TestRoutes | ((api: FakeApi) => TestRoutes) = {},
  signedInUser: User = testUser,
) {
  // The fake API signs in `signedInUser` with a refresh token its session model knows.
  const { client, calls } = createTestClient(
    (api) => ({
      'POST /api/v1/passwordless_sms/init': () => ({ status: 200, body: { success: true } }),
      ...(typeof routes === 'function' ? routes(api) : routes),
    }),
    { user: signedInUser },
  )
  const { user } = await renderInProvider(client, <Host />)
  await signInWithTestCode(client)
  return { user, calls, client }
}

describe('LinkAccount (link mode)', () => {
  test('default: Link phone opens the modal, the code links, the hook resolves with the user', async () => {
    const { user, calls } = await renderSignedIn((api) => ({
      'POST /api/v1/passwordless_sms/link': () => linkAnswer(api, withPhone('+14155550100')),
    }))
    await user.click(screen.getByRole('button', { name: 'Host link phone' }))
    expect(await screen.findByRole('heading', { name: 'Link phone' })).toBeTruthy()
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '4155550100{Enter}')
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
    await user.keyboard(TEST_CODE)
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('linked email,phone'))
    expect(calls.find((call) => call.path === '/api/v1/passwordless_sms/link')?.body).toEqual({
      phoneNumber: '+14155550100',
      code: TEST_CODE,
    })
    expect(calls.some((call) => call.path === '/api/v1/passwordless_sms/authenticate')).toBe(false)
    expect(await screen.findByText('Your account has been linked.')).toBeTruthy()
  })

  test('behavior: Link email sends a link code and links with passwordless/link', async () => {
    const { user, calls } = await renderSignedIn((api) => ({
      'POST /api/v1/passwordless/link': () => linkAnswer(api, testUser),
    }))
    await user.click(screen.getByRole('button', { name: 'Host link email' }))
    expect(await screen.findByRole('heading', { name: 'Link email' })).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.org{Enter}')
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
    await user.keyboard(TEST_CODE)
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('linked email'))
    expect(calls.find((call) => call.path === '/api/v1/passwordless/link')?.body).toEqual({
      email: 'ada@example.org',
      code: TEST_CODE,
    })
  })

  test('behavior: Update phone shows the masked current number and sends old and new numbers', async () => {
    const { user, calls } = await renderSignedIn(
      { 'POST /api/v1/passwordless_sms/update': () => ({ status: 200, body: withPhone('+14155550199') }) },
      withPhone('+14155550100'),
    )
    await user.click(screen.getByRole('button', { name: 'Host update phone' }))
    expect(await screen.findByRole('heading', { name: 'Update phone' })).toBeTruthy()
    expect(screen.getByText('Current number: +•••••••0100')).toBeTruthy()
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '4155550199{Enter}')
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
    await user.keyboard(TEST_CODE)
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('linked email,phone'))
    expect(calls.find((call) => call.path === '/api/v1/passwordless_sms/update')?.body).toEqual({
      old_phone_number: '+14155550100',
      new_phone_number: '+14155550199',
      code: TEST_CODE,
    })
  })

  test('behavior: Update email shows the current address and sends old and new addresses', async () => {
    const current = testUser.linked_accounts.find((account) => account.type === 'email') as {
      address: string
    }
    const { user, calls } = await renderSignedIn({
      'POST /api/v1/passwordless/update': () => ({
        status: 200,
        body: {
          ...testUser,
          linked_accounts: testUser.linked_accounts.map((account) =>
            account.type === 'email' ? { ...account, address: 'ada@new.example' } : account,
          ),
        },
      }),
    })
    await user.click(screen.getByRole('button', { name: 'Host update email' }))
    expect(await screen.findByRole('heading', { name: 'Update email' })).toBeTruthy()
    expect(screen.getByText(`Current email: ${current.address}`)).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@new.example{Enter}')
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
    await user.keyboard(TEST_CODE)
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('linked email'))
    expect(await screen.findByText('Your account has been updated.')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/passwordless/update')?.body).toEqual({
      oldAddress: current.address,
      newAddress: 'ada@new.example',
      code: TEST_CODE,
    })
  })

  test('error: Update email without a linked address rejects at once', async () => {
    const { user } = await renderSignedIn({}, { ...testUser, linked_accounts: [] })
    await user.click(screen.getByRole('button', { name: 'Host update email' }))
    await waitFor(() =>
      expect(screen.getByTestId('outcome').textContent).toBe(
        'failed User must have an email address linked to update it.',
      ),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('error: closing the modal rejects the flow with user_rejected', async () => {
    const { user } = await renderSignedIn()
    await user.click(screen.getByRole('button', { name: 'Host link phone' }))
    await screen.findByRole('heading', { name: 'Link phone' })
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('failed user_rejected'))
  })

  test('error: cannot_link_more_of_type shows the server message under the boxes', async () => {
    const { user } = await renderSignedIn({
      'POST /api/v1/passwordless_sms/link': () => ({
        status: 400,
        body: {
          error: 'User already has an account of type phone linked.',
          code: 'cannot_link_more_of_type',
        },
      }),
    })
    await user.click(screen.getByRole('button', { name: 'Host link phone' }))
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '4155550100{Enter}')
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
    await user.keyboard(TEST_CODE)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'User already has an account of type phone linked.',
    )
  })
})
