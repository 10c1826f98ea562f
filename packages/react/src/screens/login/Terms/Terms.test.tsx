import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import {
  appConfigRoute,
  TEST_CODE,
  type TestRoutes,
  testAuthResponse,
  testUser,
} from '../../../../test/createTestClient'
import { watchWalletCreationOnLogin } from '../../../../test/fakeWalletFrame'
import { renderFoyerAndOpen, submitEmail } from '../../../../test/renderFoyer'

afterEach(cleanup)

const requiresTerms: TestRoutes = {
  ...appConfigRoute({
    require_users_accept_terms: true,
    terms_and_conditions_url: 'https://example.com/terms',
    privacy_policy_url: 'https://example.com/privacy',
  }),
  'POST /api/v1/users/me/accept_terms': () => ({
    status: 200,
    body: { ...testUser, has_accepted_terms: true },
  }),
}

async function signInNeedingTerms(routes: TestRoutes = {}) {
  const rendered = await renderFoyerAndOpen({ routes: { ...requiresTerms, ...routes } })
  await submitEmail(rendered.user)
  await rendered.user.keyboard(TEST_CODE)
  await screen.findByRole('heading', { name: 'One last step' })
  return rendered
}

describe("'One last step' (docs/modal.md)", () => {
  test('default: after a sign-in the modal asks for the terms, with both links, and cannot be closed', async () => {
    const { user } = await signInNeedingTerms()
    expect(screen.getByText('By signing up, you agree to our terms and privacy policy.')).toBeTruthy()
    const terms = screen.getByRole('link', { name: 'View Terms' })
    expect(terms.getAttribute('href')).toBe('https://example.com/terms')
    expect(terms.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByRole('link', { name: 'View Privacy Policy' }).getAttribute('href')).toBe(
      'https://example.com/privacy',
    )
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('heading', { name: 'One last step' })).toBeTruthy()
    // The success screen never showed in between: the sign-in ends on the terms.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Success!')).toBeNull()
  })

  test('default: Accept records the acceptance, then success; the createOnLogin wallet is created after', async () => {
    const { user, client, calls } = await signInNeedingTerms()
    const events = watchWalletCreationOnLogin(client)
    expect(events()).toEqual([]) // no wallet before the terms
    await user.click(screen.getByRole('button', { name: 'Accept' }))
    await screen.findByText('Success!')
    expect(calls.filter((call) => call.path === '/api/v1/users/me/accept_terms')).toHaveLength(1)
    expect(client.getState().user?.has_accepted_terms).toBe(true)
    // The wallet code loads on demand first (a chunk of its own), hence the longer wait.
    await waitFor(() => expect(events()).toEqual(['privy:wallet:create']), { timeout: 5000 })
  })

  test('behavior: No thanks signs the user out and closes the modal', async () => {
    const { user, client, calls } = await signInNeedingTerms()
    await user.click(screen.getByRole('button', { name: 'No thanks' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(client.getState().user).toBeNull()
    expect(calls.some((call) => call.path === '/api/v1/sessions/logout')).toBe(true)
    expect(screen.getByTestId('host-status').textContent).toBe('signed out')
  })

  test('error: a failed accept keeps the screen and says so', async () => {
    const { user } = await signInNeedingTerms({
      'POST /api/v1/users/me/accept_terms': () => ({
        status: 400,
        body: { error: 'Invalid body', code: 'invalid_data' },
      }),
    })
    await user.click(screen.getByRole('button', { name: 'Accept' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Please try again.')
    expect(screen.getByRole('heading', { name: 'One last step' })).toBeTruthy()
  })

  test('default: a user who accepted before goes straight to success', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: {
        ...requiresTerms,
        'POST /api/v1/passwordless/authenticate': () => ({
          status: 200,
          body: testAuthResponse({ user: { ...testUser, has_accepted_terms: true } }),
        }),
      },
    })
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    await screen.findByText('Success!')
    expect(screen.queryByRole('heading', { name: 'One last step' })).toBeNull()
  })

  test('behavior: legal.requireUsersAcceptTerms and its links come from the host config too', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: {
        'POST /api/v1/users/me/accept_terms': requiresTerms['POST /api/v1/users/me/accept_terms']!,
      },
      config: { legal: { requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://host.example/t' } },
    })
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    await screen.findByRole('heading', { name: 'One last step' })
    expect(screen.getByRole('link', { name: 'View Terms' }).getAttribute('href')).toBe(
      'https://host.example/t',
    )
    expect(screen.queryByRole('link', { name: 'View Privacy Policy' })).toBeNull()
  })
})
