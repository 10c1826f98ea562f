import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { browser, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import {
  enterEmailCode,
  freshEmail,
  openDemo,
  typeMailedCode,
  waitForTestId,
} from './support/signInWithEmail'

// docs/modal.md, docs/api.md, docs/errors.md: 'Account not found' in no-signup mode, and the allow-list's own
// access-denied screen with the app's texts. One stack and one browser for the file.

useSharedStack()
useBrowser()

/** Opens the demo at `query`, opens the modal and signs in with `email`'s mailed code; returns the dialog. */
async function submitCode(page: Page, query: string, email: string) {
  await openDemo(page, `${stack.demoUrl}?${query}`)
  return enterEmailCode(page, stack.apiUrl, email)
}

async function withPage(run: (page: Page) => Promise<void>) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    await run(page)
  } finally {
    await context.close()
  }
}

describe('account modes', () => {
  test("default: 'Update email' replaces the address, confirmed by a code sent to the new one", async () => {
    await withPage(async (page) => {
      const before = freshEmail('before')
      const after = freshEmail('after')
      await submitCode(page, '', before)
      await waitForTestId(page, 'authenticated', 'true')
      await page.getByRole('button', { name: 'Update email' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('heading', { name: 'Update email' }).waitFor()
      await dialog.getByText(`Current email: ${before}`).waitFor()
      const since = Date.now()
      await dialog.getByRole('textbox', { name: 'Email address' }).fill(after)
      await dialog.getByRole('textbox', { name: 'Email address' }).press('Enter')
      await typeMailedCode(page, dialog, stack.apiUrl, { to: after, since })
      await waitForTestId(page, 'linked-email', after)
      const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}') as {
        linked_accounts: { type: string; address?: string }[]
      }
      expect(
        user.linked_accounts.filter((account) => account.type === 'email').map((a) => a.address),
      ).toEqual([after])
    })
  })

  test("error: when the code cannot be sent (the network fails), 'Something went wrong' says to check the connection; 'Try again' goes back", async () => {
    await withPage(async (page) => {
      await submitCode(page, '', freshEmail('offline'))
      await waitForTestId(page, 'authenticated', 'true')
      await page.route('**/api/v1/passwordless/init', (route) => route.abort('connectionrefused'))
      await page.getByRole('button', { name: 'Update email' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('textbox', { name: 'Email address' }).fill(freshEmail('unreachable'))
      await dialog.getByRole('textbox', { name: 'Email address' }).press('Enter')
      await dialog.getByRole('heading', { name: 'Something went wrong' }).waitFor()
      await dialog.getByText('Check your connection and try again.').waitFor()
      expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
      // 'Try again' goes back to the form, the address still in it.
      await dialog.getByRole('button', { name: 'Try again' }).click()
      await dialog.getByRole('heading', { name: 'Update email' }).waitFor()
    })
  })

  test("error: login({ disableSignup: true }) with an unknown email shows 'Account not found'; nobody is signed in", async () => {
    await withPage(async (page) => {
      const dialog = await submitCode(page, 'signup=off', freshEmail('nosignup'))
      await dialog.getByRole('heading', { name: 'Account not found' }).waitFor()
      expect(
        await dialog
          .getByText(/^Please try logging in again or go to .+ to create an account\.$/)
          .isVisible(),
      ).toBe(true)
      await waitForTestId(page, 'authenticated', 'false')
      await dialog.getByRole('button', { name: 'Try again' }).click()
      await dialog.getByPlaceholder('your@email.com').waitFor()
    })
  })

  test("error: an email off the allow-list sees the app's access-denied screen, its button a link", async () => {
    const app = await stack.createApp({
      name: 'Invite Only',
      allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
      settings: {
        access_control: { allowlist_enabled: true, allowlist: ['invited@example.com'], max_users: null },
        allowlist_config: {
          error_title: 'Invite only',
          error_detail: 'Ask the team for an invitation.',
          cta_text: 'Join the waitlist',
          cta_link: 'https://example.com/waitlist',
        },
      },
    })
    await withPage(async (page) => {
      const dialog = await submitCode(page, `appId=${app.id}`, freshEmail('uninvited'))
      await dialog.getByRole('heading', { name: 'Invite only' }).waitFor()
      expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
      expect(await dialog.getByText('Ask the team for an invitation.').isVisible()).toBe(true)
      const link = dialog.getByRole('link', { name: 'Join the waitlist' })
      expect(await link.getAttribute('href')).toBe('https://example.com/waitlist')
      await waitForTestId(page, 'authenticated', 'false')
    })
  })

  test("error: an app at its user limit shows 'Unable to sign in' to a new user, who stays signed out", async () => {
    const app = await stack.createApp({
      name: 'Full House',
      allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
      settings: { access_control: { allowlist_enabled: false, allowlist: [], max_users: 0 } },
    })
    await withPage(async (page) => {
      const dialog = await submitCode(page, `appId=${app.id}`, freshEmail('over-limit'))
      await dialog.getByRole('heading', { name: 'Unable to sign in' }).waitFor()
      await dialog
        .getByText('This application has reached its user limit and cannot sign in new users.')
        .waitFor()
      expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
      await dialog.getByRole('button', { name: 'Close' }).last().click()
      await dialog.waitFor({ state: 'detached' })
      await waitForTestId(page, 'authenticated', 'false')
    })
  })
})
