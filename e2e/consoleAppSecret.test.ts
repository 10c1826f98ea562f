import type { BrowserContext } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { browser, useBrowser } from './support/browserPage'
import { consoleAxeInBothThemes, signInOperator } from './support/consoleOperator'
import { stack, useSharedStack } from './support/sharedStack'
import { openDemo, signInWithEmail } from './support/signInWithEmail'

// The app secret in the console (docs/server-api.md#app-secrets) in Chromium: a new app's secret is shown
// once and copied, the server API accepts it, a rotation keeps the previous one working until it is revoked,
// and both changes are in the audit log; axe passes with the secret shown, in both themes.
useSharedStack()
useBrowser()
const contexts: BrowserContext[] = []
const OPERATOR = 'console-secret@foyer.test'
const USER = 'secret-api-user@example.com'

afterAll(async () => {
  for (const context of contexts) await context.close()
})

/** A server API call as an app's back end makes it: HTTP Basic `appId:secret` and `privy-app-id`. */
async function serverApi(appId: string, secret: string, path: string, json?: unknown) {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
      'privy-app-id': appId,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('the app secret in the console', () => {
  test('default: shown once and copied; the server API takes it; rotate keeps the old one until revoked; audited', async () => {
    const session = await signInOperator(browser, stack, OPERATOR)
    contexts.push(session.context)
    const { page } = session
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(page.url()).origin,
    })
    await page.getByRole('link', { name: 'Apps' }).click()
    await page.getByRole('button', { name: 'New app' }).click()
    await page.getByLabel('Name').fill('Secret e2e shop')
    await page.getByLabel('Allowed origins').fill(new URL(stack.demoUrl).origin)
    await page.getByRole('button', { name: 'Create app' }).click()

    // The first secret, once, with the warning; Copy puts it on the clipboard.
    const value = page.getByTestId('app-secret-value')
    const first = (await value.textContent()) ?? ''
    expect(first).toMatch(/^foyer_secret_[A-Za-z0-9_-]{43}$/)
    await page.getByText('it is shown only once').waitFor()
    await page.getByRole('button', { name: 'Copy secret' }).click()
    await page.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)
    expect(await consoleAxeInBothThemes(page)).toEqual({ light: [], dark: [] })
    const appId = decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '')
    expect(appId).toHaveLength(25)

    // A user of that app, found and read by the app's back end with the secret.
    const demoContext = await browser.newContext()
    contexts.push(demoContext)
    const demo = await demoContext.newPage()
    await openDemo(demo, `${stack.demoUrl}?appId=${appId}`)
    await signInWithEmail(demo, stack.apiUrl, USER)
    const found = await serverApi(appId, first, '/api/v1/users/email/address', { address: USER })
    expect(found.status).toBe(200)
    const userPath = `/api/v1/users/${String(found.body.id)}`
    expect((await serverApi(appId, first, userPath)).body).toMatchObject({ id: found.body.id })

    // Reloading never shows a value again.
    await page.reload()
    await page.getByRole('list', { name: 'Live secrets' }).waitFor()
    expect(await value.count()).toBe(0)

    // Rotate: the new one is shown once; the previous one still works in its grace period.
    await page.getByRole('button', { name: 'Rotate secret' }).click()
    const rotateDialog = page.getByRole('dialog', { name: 'Rotate the app secret?' })
    await rotateDialog.getByRole('button', { name: 'Rotate secret' }).click()
    await value.waitFor()
    const second = (await value.textContent()) ?? ''
    expect(second).toMatch(/^foyer_secret_/)
    expect(second).not.toBe(first)
    await page.getByText(/previous: refused after/).waitFor()
    expect((await serverApi(appId, first, userPath)).status).toBe(200)
    expect((await serverApi(appId, second, userPath)).status).toBe(200)

    // Revoke the previous one: refused at once; the current one works.
    await page.getByRole('button', { name: 'I have saved it' }).click()
    await page.getByRole('button', { name: 'Revoke previous secrets' }).click()
    await page
      .getByRole('dialog', { name: 'Revoke previous secrets?' })
      .getByRole('button', { name: 'Revoke' })
      .click()
    await page.getByRole('button', { name: 'Revoke previous secrets' }).waitFor({ state: 'detached' })
    const refused = await serverApi(appId, first, userPath)
    expect([refused.status, refused.body.code]).toEqual([401, 'invalid_credentials'])
    expect((await serverApi(appId, second, userPath)).status).toBe(200)

    // Both changes are in the audit log, without a secret's value.
    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('cell', { name: 'app.revoke_previous_secrets' }).first().waitFor()
    await page.getByRole('cell', { name: 'app.rotate_secret' }).first().waitFor()
    const auditText = (await page.locator('main').textContent()) ?? ''
    expect(auditText).not.toContain(first.slice(13))
    expect(auditText).not.toContain(second.slice(13))
    expect(session.pageErrors).toEqual([])
  }, 240_000)
})
