import { createAppRecord } from '@foyer/server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { page, useBrowser } from './support/browserPage'
import { freshEmail, openDemo, typeMailedCode, waitForTestId } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

/** The captcha demo app that `seedDemoApp` creates outside production (site key `t:1x…AA`, passes invisibly). */
const CAPTCHA_DEMO_APP_ID = 'foyerdemocaptcha000000000'

let stack: Stack
useBrowser({ page: 'each' })

beforeAll(async () => {
  // Captcha tokens come from a local Turnstile stand-in (widget script and siteverify) started with the stack.
  stack = await startStack({ captcha: true })
})
afterAll(async () => {
  await stack?.close()
})

/** An app with captcha on, with Cloudflare's test site key `siteKey` and secret key `secretKey`. */
async function captchaApp(siteKey: string, secretKey: string): Promise<string> {
  const app = await createAppRecord(stack.db, {
    name: 'Captcha App',
    allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
    settings: { captcha_enabled: true, captcha_site_key: siteKey, captcha_secret_key: secretKey },
    masterKey: stack.masterKey,
  })
  return app.id
}

/** Opens the demo on `appId`, opens the modal and submits `email` in the email form. */
async function submitEmail(appId: string, email: string): Promise<void> {
  await openDemo(page, `${stack.demoUrl}?appId=${appId}`)
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByPlaceholder('your@email.com').fill(email)
  await dialog
    .locator('form', { has: page.getByPlaceholder('your@email.com') })
    .getByRole('button', { name: 'Submit' })
    .click()
}

function verifyCallsFor(secret: string): number {
  return (stack.turnstile?.verifyCalls ?? []).filter((call) => call.secret === secret).length
}

describe('captcha', () => {
  test('default: an invisible check passes, the code is sent with its token and the user signs in', async () => {
    const email = freshEmail('captcha')
    const since = Date.now()
    const before = verifyCallsFor('1x0000000000000000000000000000000AA')
    await submitEmail(CAPTCHA_DEMO_APP_ID, email)
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Enter confirmation code').waitFor()
    // The server checked one token with the app's secret before sending the code.
    expect(verifyCallsFor('1x0000000000000000000000000000000AA')).toBe(before + 1)
    await typeMailedCode(page, dialog, stack.apiUrl, { to: email, since })
    await dialog.waitFor({ state: 'detached' })
    await waitForTestId(page, 'authenticated', 'true')
  })

  test('behavior: an interactive challenge shows a checkbox; checking it with the keyboard goes on', async () => {
    const appId = await captchaApp('t:3x00000000000000000000FF', '1x0000000000000000000000000000000AA')
    await submitEmail(appId, freshEmail('interactive'))
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Checking that you are a human...').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    const checkbox = page.getByRole('checkbox', { name: 'Verify you are human' })
    await checkbox.focus()
    await page.keyboard.press('Space')
    await dialog.getByText('Enter confirmation code').waitFor()
  })

  test('error: a widget that blocks the visitor shows the failure with Retry, and no code is sent', async () => {
    const appId = await captchaApp('t:2x00000000000000000000AB', '1x0000000000000000000000000000000AA')
    const email = freshEmail('blocked')
    await submitEmail(appId, email)
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Something went wrong').first().waitFor({ timeout: 30_000 })
    expect(await dialog.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true)
    const messages = (await (
      await fetch(`${stack.apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as { messages: unknown[] }
    expect(messages.messages).toEqual([])
  })

  test('error: the server refuses the token (invalid_captcha): "Please try again." and no code is sent', async () => {
    const appId = await captchaApp('t:1x00000000000000000000AA', '2x0000000000000000000000000000000AA')
    const email = freshEmail('refused')
    await submitEmail(appId, email)
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Please try again.', { exact: true }).waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    expect(verifyCallsFor('2x0000000000000000000000000000000AA')).toBeGreaterThan(0)
    const messages = (await (
      await fetch(`${stack.apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as { messages: unknown[] }
    expect(messages.messages).toEqual([])
  })
})
