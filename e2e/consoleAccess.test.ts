import type { BrowserContext } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { browser, useBrowser } from './support/browserPage'
import {
  consoleApiCall,
  consoleAxeInBothThemes,
  openConsoleAndSignIn,
  signInOperator,
} from './support/consoleOperator'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail } from './support/signInWithEmail'

// The console's access (docs/console.md#access) in Chromium: an operator signs in at /console with an
// emailed code, is asked for a second factor, enrols the authenticator app and sees the audit log; a user who
// is not an operator is refused by the server, in the page and when calling the console API directly.
useSharedStack()
useBrowser()
const contexts: BrowserContext[] = []

afterAll(async () => {
  for (const context of contexts) await context.close()
})

describe('console access in Chromium', () => {
  test('default: an operator signs in with an emailed code and MFA and sees the audit log; axe in both themes', async () => {
    const operator = 'console-access@foyer.test'
    // Before MFA the server refuses the operator's own token.
    const before = await openConsoleAndSignIn(browser, stack, operator)
    contexts.push(before.context)
    await before.page.getByRole('heading', { name: 'Add a second factor' }).waitFor()
    const refused = await consoleApiCall(stack, before.accessToken, '/api/v1/console/audit')
    expect(refused).toMatchObject({ status: 403, body: { code: 'missing_or_invalid_mfa' } })
    await before.context.close()

    const session = await signInOperator(browser, stack, operator)
    contexts.push(session.context)
    const { page } = session
    // The console opens on its first page (Apps); the audit log is one link away.
    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
    expect(await page.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page')
    await page.getByText('No changes recorded yet.').or(page.getByRole('table')).first().waitFor()
    expect(await page.getByRole('banner').textContent()).toContain(operator)
    expect(await consoleAxeInBothThemes(page)).toEqual({ light: [], dark: [] })

    const direct = await consoleApiCall(stack, session.accessToken, '/api/v1/console/audit?limit=5')
    expect(direct.status).toBe(200)
    expect(direct.body).toMatchObject({ events: expect.any(Array) })
    // Malformed paging: 400 with a code, never 500.
    const malformed = await consoleApiCall(stack, session.accessToken, '/api/v1/console/audit?limit=0')
    expect(malformed).toMatchObject({ status: 400, body: { code: 'invalid_data' } })
    // The page runs under its strict CSP without a violation or an error.
    expect(session.pageErrors).toEqual([])

    // A later sign-in (a new device) is asked to verify with the enrolled factor before the console opens.
    const again = await signInOperator(browser, stack, operator)
    contexts.push(again.context)
    await again.page.getByRole('link', { name: 'Audit log' }).click()
    await again.page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
    expect(again.pageErrors).toEqual([])
  }, 180_000)

  test('behavior: a signed-in user who is not an operator is refused, in the page and by the API', async () => {
    const session = await openConsoleAndSignIn(browser, stack, freshEmail('not-operator'))
    contexts.push(session.context)
    const { page } = session
    await page.getByRole('heading', { name: 'No access' }).waitFor()
    expect(await page.getByRole('alert').textContent()).toContain(
      'This account is not an operator of this console',
    )
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0)
    for (const path of ['/api/v1/console/audit', '/api/v1/console/operator']) {
      const answer = await consoleApiCall(stack, session.accessToken, path)
      expect(answer).toMatchObject({ status: 403, body: { code: 'not_console_operator' } })
    }
    expect(await consoleAxeInBothThemes(page)).toEqual({ light: [], dark: [] })
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
  }, 120_000)
})
