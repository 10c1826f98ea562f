import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { TEST_CODE, type TestAnswer, type TestRoutes } from '../../../test/createTestClient'
import { renderFoyerAndOpen, submitEmail } from '../../../test/renderFoyer'

afterEach(cleanup)

const failWith = (status: number, code: string, error = 'refused'): TestRoutes => ({
  'POST /api/v1/passwordless/authenticate': (): TestAnswer => ({ status, body: { error, code } }),
})

/** Signs in by email and answers the code with `routes`; resolves once the code was submitted. */
async function signInFailing(options: Parameters<typeof renderFoyerAndOpen>[0]) {
  const rendered = await renderFoyerAndOpen(options)
  await submitEmail(rendered.user)
  await rendered.user.keyboard(TEST_CODE)
  return rendered
}

describe('access denied (docs/modal.md "Allowlist rejection", docs/errors.md)', () => {
  test('default: the default title, detail and button; the button starts over at the landing', async () => {
    const { user } = await signInFailing({ routes: failWith(403, 'allowlist_rejected') })
    expect(await screen.findByRole('heading', { name: "You don't have access to this app" })).toBeTruthy()
    expect(screen.getByText('Have you been invited?')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try another account' }))
    expect(await screen.findByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
  })

  test("behavior: the app's allowlist_config replaces each text, and cta_link makes the button a link", async () => {
    await signInFailing({
      routes: failWith(403, 'allowlist_rejected'),
      appConfig: {
        allowlist_config: {
          error_title: 'Members only',
          error_detail: 'Ask for an invitation first.',
          cta_text: 'Join the waitlist',
          cta_link: 'https://example.com/waitlist',
        },
      },
    })
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeTruthy()
    expect(screen.getByText('Ask for an invitation first.')).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Join the waitlist' })
    expect(link.getAttribute('href')).toBe('https://example.com/waitlist')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  test('error: an unsafe cta_link is not a link; the button starts over instead', async () => {
    await signInFailing({
      routes: failWith(403, 'allowlist_rejected'),
      appConfig: {
        allowlist_config: {
          error_title: null,
          error_detail: null,
          cta_text: null,
          cta_link: 'javascript:alert(1)',
        },
      },
    })
    expect(await screen.findByRole('heading', { name: "You don't have access to this app" })).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByRole('button', { name: 'Try another account' })).toBeTruthy()
  })
})

describe("'Account not found' and 'Unable to sign in' (docs/modal.md, docs/errors.md)", () => {
  test("default: login({ disableSignup: true }) sends mode 'no-signup'; user_does_not_exist shows 'Account not found'", async () => {
    const { user, calls } = await signInFailing({
      routes: failWith(404, 'user_does_not_exist', 'User does not exist'),
      appConfig: { name: 'Acme' },
      loginOptions: { disableSignup: true },
    })
    expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeTruthy()
    expect(screen.getByText('Please try logging in again or go to Acme to create an account.')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/passwordless/authenticate')?.body).toMatchObject({
      mode: 'no-signup',
    })
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
  })

  test("default: a plain login() sends mode 'login-or-sign-up'", async () => {
    const { calls } = await signInFailing({})
    await screen.findByText('Success!', {}, { timeout: 3000 })
    expect(calls.find((call) => call.path === '/api/v1/passwordless/authenticate')?.body).toMatchObject({
      mode: 'login-or-sign-up',
    })
  })

  test("default: max_accounts_reached shows 'Unable to sign in'; Close closes the modal", async () => {
    const { user } = await signInFailing({ routes: failWith(403, 'max_accounts_reached') })
    expect(await screen.findByRole('heading', { name: 'Unable to sign in' })).toBeTruthy()
    expect(
      screen.getByText('This application has reached its user limit and cannot sign in new users.'),
    ).toBeTruthy()
    // The screen's own button (the dialog's corner ✕ has the same name).
    await user.click(screen.getByText('Close', { selector: 'button' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
