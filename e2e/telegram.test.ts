import { signTelegramLogin } from '@foyer/server/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { page, useBrowser } from './support/browserPage'
import { freshEmail, openDemo, signInWithEmail, waitForTestId } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

// Telegram in Chromium: the login widget stand-in's script and confirmation popup, the widget's
// redirect return, a mini app's seamless sign-in, a tampered hash, and link / unlink — against the real server.

let stack: Stack
useBrowser({ page: 'each', contextOptions: { viewport: { width: 1280, height: 800 } }, timeout: 20_000 })
let nextId = 910_000

beforeAll(async () => {
  stack = await startStack({ telegram: true })
})
afterAll(async () => {
  await stack?.close()
})

/** A Telegram user the stand-in has not signed for before. */
function freshTelegramUser(name: string) {
  nextId += 1
  return { id: nextId, first_name: name, username: `${name.toLowerCase()}_${nextId}` }
}

type LinkedAccount = { type: string; telegram_user_id?: string; first_name?: string | null }

async function linkedAccounts(): Promise<LinkedAccount[]> {
  const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
  return user.linked_accounts ?? []
}

/**
 * Waits until the demo is signed in, then expects its user to hold the Telegram account of `user` (its id
 * as `telegram_user_id`, plus the `fields` given).
 */
async function expectSignedInWithTelegram(user: { id: number }, fields: Record<string, unknown> = {}) {
  await waitForTestId(page, 'authenticated', 'true')
  expect(await linkedAccounts()).toContainEqual(
    expect.objectContaining({ type: 'telegram', telegram_user_id: String(user.id), ...fields }),
  )
}

/** The stand-in's 'Log in with Telegram' button, then its confirmation popup, accepted. */
async function confirmInTelegram(): Promise<void> {
  const button = page.getByRole('dialog').getByRole('button', { name: 'Log in with Telegram' })
  const popupOpened = page.waitForEvent('popup')
  await button.click()
  const popup = await popupOpened
  await popup.getByRole('heading', { name: /Log in to http:\/\/127\.0\.0\.1/ }).waitFor()
  const closed = popup.waitForEvent('close', { timeout: 30_000 })
  await popup.getByRole('button', { name: 'Accept' }).click()
  await closed
}

describe('Telegram sign-in', () => {
  test('default: the login widget — Continue with Telegram, confirm in the popup, signed in', async () => {
    const ada = freshTelegramUser('Ada')
    stack.telegram?.setUser(ada)
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Continue with Telegram' }).click()
    await dialog.getByRole('heading', { name: 'Continue with Telegram' }).waitFor()
    await dialog.getByText('Confirm the login in the Telegram window.').waitFor()
    // Telegram's own login button (its widget, in the stand-in's colours) is not the modal's to theme.
    expect(await contrastInBothThemes(page, ['[data-telegram-stand-in]'])).toEqual({ light: [], dark: [] })
    await confirmInTelegram()
    await expectSignedInWithTelegram(ada, { first_name: 'Ada' })
  })

  test("behavior: under StrictMode the screen opens without an uncaught error; its title is not the widget's button; Decline says so", async () => {
    stack.telegram?.setUser(freshTelegramUser('Dora'))
    const uncaught: string[] = []
    page.on('pageerror', (error) => uncaught.push(`${error.name}: ${error.message}`))
    // The demo renders in StrictMode: the screen mounts, unmounts and mounts again, and the widget's script with it.
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Continue with Telegram' }).click()
    const heading = dialog.getByRole('heading', { level: 2 })
    await heading.filter({ hasText: 'Continue with Telegram' }).waitFor()
    const widgetButton = dialog.getByRole('button', { name: 'Log in with Telegram' })
    await widgetButton.waitFor()
    // The title and the widget's button read differently.
    expect(await heading.textContent()).not.toBe(await widgetButton.textContent())
    const popupOpened = page.waitForEvent('popup')
    await widgetButton.click()
    const popup = await popupOpened
    const closed = popup.waitForEvent('close', { timeout: 30_000 })
    await popup.getByRole('button', { name: 'Decline' }).click()
    await closed
    // Declined in Telegram's window: the modal stops waiting and says the login was not confirmed.
    await dialog
      .getByText(
        'The login was not confirmed in Telegram. Use the button to try again, or choose another method.',
      )
      .waitFor()
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
    expect(uncaught).toEqual([])
  })

  test('default: the widget redirect return signs in, and its parameters leave the URL', async () => {
    const grace = freshTelegramUser('Grace')
    const signed = signTelegramLogin({ botToken: stack.telegram?.botToken ?? '', user: grace })
    const query = new URLSearchParams(Object.entries(signed).map(([key, value]) => [key, String(value)]))
    await page.goto(`${stack.demoUrl}/?keep=1&${query}`)
    await expectSignedInWithTelegram(grace)
    expect(new URL(page.url()).search).toBe('?keep=1')
  })

  test('default: the widget redirect variant (data-auth-url) comes back to the page and signs in', async () => {
    const hana = freshTelegramUser('Hana')
    stack.telegram?.setUser(hana)
    await openDemo(page, `${stack.demoUrl}/?telegramRedirect=1`)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with Telegram' }).click()
    const button = page.getByRole('dialog').getByRole('button', { name: 'Log in with Telegram' })
    const popupOpened = page.waitForEvent('popup')
    await button.click()
    const popup = await popupOpened
    const navigated = page.waitForURL(/[?&]hash=/)
    await popup.getByRole('button', { name: 'Accept' }).click()
    await navigated
    await expectSignedInWithTelegram(hana)
    expect(new URL(page.url()).search).toBe('?telegramRedirect=1')
  })

  test('error: a tampered hash is refused with the documented text (docs/errors.md)', async () => {
    const mallory = freshTelegramUser('Mallory')
    const signed = signTelegramLogin({ botToken: stack.telegram?.botToken ?? '', user: mallory })
    // Another user's id under Mallory's hash.
    const tampered = { ...signed, id: mallory.id + 1 }
    const query = new URLSearchParams(Object.entries(tampered).map(([key, value]) => [key, String(value)]))
    await page.goto(`${stack.demoUrl}/?${query}`)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('alert').filter({ hasText: 'Something went wrong. Try again.' }).waitFor()
    await waitForTestId(page, 'authenticated', 'false')
    expect(new URL(page.url()).search).toBe('')
  })

  test('default: inside a mini app, signed in without a click (seamless_auth_enabled)', async () => {
    const lin = freshTelegramUser('Lin')
    stack.telegram?.setUser(lin)
    await page.goto(`${stack.demoUrl}/?telegramMiniApp=1`)
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await linkedAccounts()).toContainEqual(
      expect.objectContaining({ type: 'telegram', telegram_user_id: String(lin.id), first_name: 'Lin' }),
    )
  })
})

describe('Telegram login loader on the API origin', () => {
  test('default: a page of another origin loads /js/telegram-login.js; the configured widget renders and answers', async () => {
    const alan = freshTelegramUser('Alan')
    stack.telegram?.setUser(alan)
    await openDemo(page, stack.demoUrl)
    expect(new URL(stack.apiUrl).origin).not.toBe(new URL(page.url()).origin)
    // As the published React client does: a <script> from the API origin with the widget's data-* attributes.
    await page.evaluate(
      ({ src, botName }) => {
        const host = document.createElement('div')
        host.id = 'telegram-loader-host'
        document.body.append(host)
        const script = document.createElement('script')
        script.async = true
        script.src = src
        script.setAttribute('data-telegram-login', botName)
        script.setAttribute('data-request-access', 'write')
        script.setAttribute('data-onauth', 'window.__telegramLoaderResult = user')
        host.append(script)
      },
      { src: `${stack.apiUrl}/js/telegram-login.js`, botName: stack.telegram?.botName ?? '' },
    )
    const button = page.locator('#telegram-loader-host').getByRole('button', { name: 'Log in with Telegram' })
    const popupOpened = page.waitForEvent('popup')
    await button.click()
    const popup = await popupOpened
    const closed = popup.waitForEvent('close', { timeout: 30_000 })
    await popup.getByRole('button', { name: 'Accept' }).click()
    await closed
    const result = await page.waitForFunction(
      () => (window as unknown as { __telegramLoaderResult?: { id: number } }).__telegramLoaderResult,
    )
    expect(await result.jsonValue()).toMatchObject({
      id: alan.id,
      first_name: 'Alan',
      hash: expect.any(String),
    })
  })
})

describe('Telegram link and unlink', () => {
  test('default: a signed-in user links Telegram through the widget, then unlinks it', async () => {
    const kim = freshTelegramUser('Kim')
    stack.telegram?.setUser(kim)
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('telegram'))
    await page.getByRole('button', { name: 'Link Telegram' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Link Telegram' }).waitFor()
    await confirmInTelegram()
    await dialog.getByText('Your account has been linked.').waitFor()
    await waitForTestId(page, 'telegram-outcome', 'telegram linked')
    await expect
      .poll(async () => (await linkedAccounts()).map((account) => account.type))
      .toContain('telegram')
    await page.getByRole('button', { name: 'Unlink Telegram' }).click()
    await waitForTestId(page, 'telegram-outcome', 'telegram unlinked')
    await expect
      .poll(async () => (await linkedAccounts()).map((account) => account.type))
      .not.toContain('telegram')
  })
})
