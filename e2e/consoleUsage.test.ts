import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import type { BrowserContext } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { browser, useBrowser } from './support/browserPage'
import { consoleApiCall, consoleAxeInBothThemes, signInOperator } from './support/consoleOperator'
import { stack, useSharedStack } from './support/sharedStack'

// The console's usage page (docs/console.md#usage) in Chromium: the operator's own email sign-ins to the
// console (recorded by the SDK as analytics events) show in the sign-ins chart's table and in the CSV.
useSharedStack()
useBrowser()
const contexts: BrowserContext[] = []
const OPERATOR = 'console-usage@foyer.test'

afterAll(async () => {
  for (const context of contexts) await context.close()
})

describe('console usage in Chromium', () => {
  test('default: the sign-ins the test made show in the chart table and the CSV; axe in both themes', async () => {
    const session = await signInOperator(browser, stack, OPERATOR)
    contexts.push(session.context)
    const today = new Date().toISOString().slice(0, 10)
    const query = `?from=${today}&to=${today}&app_id=${CONSOLE_APP_ID}`
    // The SDK sends its sign-in event without waiting: poll the API until it counts.
    let emailSignIns = 0
    for (let attempt = 0; attempt < 20 && emailSignIns === 0; attempt++) {
      const answer = await consoleApiCall(stack, session.accessToken, `/api/v1/console/usage${query}`)
      expect(answer.status).toBe(200)
      const days = answer.body.days as { sign_ins: Record<string, number> }[]
      emailSignIns = days[0]?.sign_ins.email ?? 0
      if (emailSignIns === 0) await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(emailSignIns).toBeGreaterThanOrEqual(1)

    const { page } = session
    await page.getByRole('link', { name: 'Usage' }).click()
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor()
    await page.getByLabel('From').fill(today)
    await page.getByLabel('To', { exact: true }).fill(today)
    // The app filter is a select of the server's apps, 'All apps' first.
    const appSelect = page.getByRole('combobox', { name: 'App' })
    await appSelect.locator(`option[value="${CONSOLE_APP_ID}"]`).waitFor({ state: 'attached' })
    expect((await appSelect.locator('option').allTextContents())[0]).toBe('All apps')
    await appSelect.selectOption(CONSOLE_APP_ID)
    await page.getByRole('button', { name: 'Show' }).click()
    const table = page.getByRole('table', { name: 'Sign-ins by method' })
    await table.getByRole('columnheader', { name: 'email' }).waitFor()
    const row = table.getByRole('row', { name: new RegExp(today) })
    // The count once the page has drawn the filtered report (the table shows all apps until 'Show' answers;
    // other console files on the shared stack sign in too).
    const now = await consoleApiCall(stack, session.accessToken, `/api/v1/console/usage${query}`)
    const signIns = (now.body.days as { sign_ins: Record<string, number> }[])[0]?.sign_ins ?? {}
    emailSignIns = signIns.email ?? 0
    const allSignIns = Object.values(signIns).reduce((sum, value) => sum + value, 0)
    await expect
      .poll(async () => Number((await row.getByRole('cell').allTextContents())[0]))
      .toBe(emailSignIns)

    // The chart draws the same numbers: today's email bar carries the count and has a height; the
    // sign-ups and returning bars add up to the day's sign-ins.
    const bar = (chart: string, series: string) =>
      page.locator(
        `section[aria-labelledby="${chart}"] rect.console-usage-bar[data-series="${series}"][data-label="${today}"]`,
      )
    const emailBar = bar('usage-sign-ins-by-method', 'email')
    expect(Number(await emailBar.getAttribute('data-value'))).toBe(emailSignIns)
    expect(Number(await emailBar.getAttribute('height'))).toBeGreaterThan(0)
    const userBars = await Promise.all(
      ['sign_ups', 'returning'].map(async (series) =>
        Number(await bar('usage-sign-ups-and-returning-users', series).getAttribute('data-value')),
      ),
    )
    expect(userBars.reduce((sum, value) => sum + value, 0)).toBe(allSignIns)

    const csv = await fetch(`${stack.apiUrl}/api/v1/console/usage.csv${query}`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toContain('attachment')
    const lines = (await csv.text()).split('\r\n')
    expect(lines[0]?.startsWith('day,method,sign_ins,')).toBe(true)
    const emailLine = lines.find((line) => line.startsWith(`${today},email,`))
    expect(Number(emailLine?.split(',')[2])).toBeGreaterThanOrEqual(1)

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download CSV' }).click()
    expect((await download).suggestedFilename()).toBe(`usage-${today}-${today}.csv`)

    const violations = await consoleAxeInBothThemes(page)
    expect(violations).toEqual({ light: [], dark: [] })
    expect(session.pageErrors).toEqual([])
  })
})
