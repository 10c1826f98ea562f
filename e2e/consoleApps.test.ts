import type { BrowserContext } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { browser, useBrowser } from './support/browserPage'
import { consoleApiCall, consoleAxeInBothThemes, signInOperator } from './support/consoleOperator'
import { stack, useSharedStack } from './support/sharedStack'
import { openDemo } from './support/signInWithEmail'

// The console's Apps page (docs/console.md#apps) in Chromium: an operator creates an app, turns on SMS and
// Google and reorders them (the live preview follows), saves, and the demo page pointed at that app
// (`?appId=`) shows the new landing; the change is in the audit log; axe passes in both themes.
useSharedStack()
useBrowser()
const contexts: BrowserContext[] = []

afterAll(async () => {
  for (const context of contexts) await context.close()
})

describe('console apps in Chromium', () => {
  test('default: create an app, turn on SMS and Google, reorder; the demo shows the new landing; audited', async () => {
    const session = await signInOperator(browser, stack, 'console-apps@foyer.test')
    contexts.push(session.context)
    const { page } = session
    await page.getByRole('link', { name: 'Apps' }).click()
    await page.getByRole('heading', { name: 'Apps', level: 1 }).waitFor()
    await page.getByRole('table').waitFor()
    expect(await consoleAxeInBothThemes(page)).toEqual({ light: [], dark: [] })

    // A bad origin is refused beside its field, then the app is created.
    await page.getByRole('button', { name: 'New app' }).click()
    await page.getByLabel('Name').fill('Console e2e shop')
    const origins = page.getByLabel('Allowed origins')
    await origins.fill('not an origin')
    await page.getByRole('button', { name: 'Create app' }).click()
    await page.locator('#new-app-origins-error').waitFor()
    expect(await origins.getAttribute('aria-invalid')).toBe('true')
    const demoOrigin = new URL(stack.demoUrl).origin
    await origins.fill(demoOrigin)
    await page.getByRole('button', { name: 'Create app' }).click()
    await page.getByRole('button', { name: 'Save changes' }).waitFor()
    const appId = decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '')
    expect(appId).toHaveLength(25)

    // SMS and Google on, then an order: Google, SMS, and email behind 'More options' — by buttons only.
    await page.getByRole('checkbox', { name: 'SMS', exact: true }).check()
    await page.getByRole('checkbox', { name: 'Google', exact: true }).check()
    await page.getByRole('button', { name: 'Set an order' }).click()
    await page.getByRole('button', { name: 'Move Google up' }).click()
    await page.getByRole('button', { name: 'Move Google up' }).click()
    await page.getByRole('button', { name: 'Move Email to overflow' }).focus()
    await page.keyboard.press('Enter')

    // The preview draws the modal's landing with these settings before they are saved.
    const preview = page.getByTestId('landing-preview')
    await preview.getByText('Continue with Google').waitFor()
    await preview.getByText('More options').waitFor()
    // The preview is inert (a picture): its controls are out of the accessibility tree, but drawn.
    const previewGoogle = await preview.getByText('Continue with Google').boundingBox()
    const previewPhone = preview.getByRole('textbox', { name: 'Phone number', includeHidden: true })
    await previewPhone.waitFor()
    const previewPhoneBox = await previewPhone.boundingBox()
    expect(previewGoogle && previewPhoneBox && previewGoogle.y < previewPhoneBox.y).toBe(true)

    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    expect(await consoleAxeInBothThemes(page)).toEqual({ light: [], dark: [] })

    // The demo pointed at the app lays its landing out in that order.
    const demoContext = await browser.newContext()
    contexts.push(demoContext)
    const demo = await demoContext.newPage()
    await openDemo(demo, `${stack.demoUrl}?appId=${appId}`)
    await demo.getByRole('button', { name: 'Log in' }).click()
    const dialog = demo.getByRole('dialog')
    const google = dialog.getByRole('button', { name: 'Continue with Google' })
    const phone = dialog.getByRole('textbox', { name: 'Phone number' })
    await google.waitFor()
    await phone.waitFor()
    expect(await dialog.getByRole('textbox', { name: 'Email address' }).count()).toBe(0)
    const googleBox = await google.boundingBox()
    const phoneBox = await phone.boundingBox()
    expect(googleBox && phoneBox && googleBox.y < phoneBox.y).toBe(true)
    await dialog.getByRole('button', { name: 'More options' }).click()
    await dialog.getByRole('textbox', { name: 'Email address' }).waitFor()

    // The change is in the audit log, in the page and through the API.
    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
    await page.getByRole('cell', { name: 'app.update' }).first().waitFor()
    const audit = await consoleApiCall(stack, session.accessToken, '/api/v1/console/audit?limit=20')
    const events = (audit.body.events as { action: string; target: { id: string }; after: unknown }[]).filter(
      (event) => event.target.id === appId,
    )
    expect(events.map((event) => event.action)).toEqual(['app.update', 'app.create'])
    expect(JSON.stringify(events[0]?.after)).toContain('"login_methods_and_order"')

    // A delegation policy is a form: a rule with a condition; the server's refusal shows beside the value.
    await page.getByRole('link', { name: 'Apps' }).click()
    await page.getByRole('link', { name: 'Console e2e shop' }).click()
    await page.getByRole('button', { name: 'Add an Ethereum policy' }).click()
    await page.getByRole('button', { name: 'Add an Ethereum rule' }).click()
    await page.getByRole('button', { name: 'Add a condition to rule 1' }).click()
    const recipient = page.getByRole('textbox', { name: 'Rule 1 condition 1 value' })
    await recipient.fill('not an address')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect.poll(() => recipient.getAttribute('aria-invalid')).toBe('true')
    await page.getByText('Expected an address: 0x and 40 hex digits').first().waitFor()
    const address = `0x${'5'.repeat(40)}`
    await recipient.fill(address)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    await page.reload()
    await page.getByRole('textbox', { name: 'Rule 1 condition 1 value' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Rule 1 condition 1 value' }).inputValue()).toBe(address)
    const stored = await consoleApiCall(stack, session.accessToken, `/api/v1/console/apps/${appId}`)
    expect(stored.body).toMatchObject({
      settings: {
        delegated_actions: {
          policy: { rules: [{ conditions: [{ field: 'to', operator: 'eq', value: address }] }] },
        },
      },
    })
    expect(session.pageErrors).toEqual([])
  }, 240_000)
})
