import { DEMO_APP_ID } from '@foyer/server'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { browser, useBrowser } from './support/browserPage'
import { consoleApiCall, consoleAxeInBothThemes, signInOperator } from './support/consoleOperator'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemoInNewContext, signInWithEmail, waitForTestId } from './support/signInWithEmail'

// The console's Users area (docs/console.md#users) in Chromium: a user signs in to the demo app; an operator
// finds them by email, sees their session (device, last seen), revokes all their sessions; the user's next
// refresh fails (by the API and on reloading their page) and the revoke is in the audit log. Axe on the
// search page and the user's page in both themes.
useSharedStack()
useBrowser()
const contexts: BrowserContext[] = []
const OPERATOR = 'console-users@foyer.test'

afterAll(async () => {
  for (const context of contexts) await context.close()
})

/** Keeps the newest refresh token `page` received (its sign-in, then each refresh the SDK makes). */
function trackRefreshToken(page: Page): () => string {
  let latest = ''
  page.on('response', async (response) => {
    const url = response.url()
    if (!/\/api\/v1\/(sessions|passwordless\/authenticate)$/.test(new URL(url).pathname) || !response.ok())
      return
    const body = (await response.json().catch(() => null)) as { refresh_token?: unknown } | null
    if (typeof body?.refresh_token === 'string') latest = body.refresh_token
  })
  return () => latest
}

describe('console users in Chromium', () => {
  test('default: find a user by email, revoke their sessions, their next refresh fails, the audit log has it', async () => {
    const email = freshEmail('console-user')
    const userPage = await openDemoInNewContext(browser, stack.demoUrl)
    contexts.push(userPage.context())
    const refreshToken = trackRefreshToken(userPage)
    await signInWithEmail(userPage, stack.apiUrl, email)
    await expect.poll(refreshToken).not.toBe('')

    const session = await signInOperator(browser, stack, OPERATOR)
    contexts.push(session.context)
    const { page } = session
    await page.getByRole('link', { name: 'Users' }).click()
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor()
    // Typed in another case: email addresses are found in any case.
    await page.getByLabel('Find a user').fill(email.toUpperCase())
    await page.keyboard.press('Enter')
    const row = page.getByRole('row').filter({ hasText: email })
    await row.waitFor()
    expect(await consoleAxeInBothThemes(page)).toEqual({ light: [], dark: [] })

    await row.getByRole('link').click()
    await page.getByRole('heading', { name: 'Sessions' }).waitFor()
    const sessions = page.getByRole('region', { name: 'Sessions' })
    // The session's device is the user's browser (its User-Agent), and it is active.
    await sessions.getByRole('row').filter({ hasText: 'Chrome' }).filter({ hasText: 'Active' }).waitFor()
    expect(await page.getByRole('region', { name: 'Linked accounts' }).textContent()).toContain(email)
    expect(await consoleAxeInBothThemes(page)).toEqual({ light: [], dark: [] })

    // Revoke all, from the keyboard: the dialog opens with focus on Cancel; Tab to the confirm button.
    await sessions.getByRole('button', { name: 'Revoke all sessions…' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Revoke all sessions?' })
    await dialog.waitFor()
    // The open dialog passes axe too, in both themes; focus stays on Cancel.
    expect(await consoleAxeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] })
    expect(
      await dialog
        .getByRole('button', { name: 'Cancel' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page
      .getByRole('status')
      .filter({ hasText: /sessions? revoked\./ })
      .waitFor()
    await dialog.waitFor({ state: 'detached' })
    await sessions.getByRole('row').filter({ hasText: 'Revoked' }).first().waitFor()
    expect(await sessions.getByRole('button', { name: 'Revoke all sessions…' }).isDisabled()).toBe(true)

    // The user's next refresh fails: by the API with their newest refresh token, and on reloading their page.
    const refresh = await fetch(`${stack.apiUrl}/api/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'privy-app-id': DEMO_APP_ID },
      body: JSON.stringify({ refresh_token: refreshToken() }),
    })
    expect(refresh.status).toBe(401)
    expect(await refresh.json()).toMatchObject({ code: 'missing_or_invalid_token' })
    await userPage.reload()
    await waitForTestId(userPage, 'ready', 'true')
    await expect.poll(() => userPage.getByTestId('authenticated').textContent()).toBe('false')

    // The revoke is in the audit log: on its page, and by the API with the operator as its author.
    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('cell', { name: 'user.revoke_sessions' }).first().waitFor()
    const audit = await consoleApiCall(stack, session.accessToken, '/api/v1/console/audit?limit=5')
    const events = audit.body.events as Array<{ action: string; operator: { email: string } }>
    expect(events[0]).toMatchObject({ action: 'user.revoke_sessions', operator: { email: OPERATOR } })
    expect(JSON.stringify(events)).not.toContain(refreshToken())
    expect(session.pageErrors).toEqual([])
  }, 240_000)
})
