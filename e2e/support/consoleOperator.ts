import { Secret, TOTP } from 'otpauth'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { axeViolations } from './axe'
import type { SharedStack } from './sharedStack'
import { submitEmail, typeMailedCode } from './signInWithEmail'

/** The stack pieces the console helpers use: the shared stack's (or `startStack`'s) URL and clock. */
export type ConsoleStack = Pick<SharedStack, 'apiUrl' | 'advanceClock'>

/**
 * A signed-in console page: its browser context and page, the signed-in user's access token, and the errors
 * the page logged (`console.error`, CSP violations, uncaught exceptions; not the browser's notes of 4xx
 * answers) since it opened.
 */
export type ConsoleSession = {
  context: BrowserContext
  page: Page
  accessToken: string
  email: string
  pageErrors: string[]
}

/** The authenticator-app secret each operator enrolled in this file, by email. */
const secrets = new Map<string, string>()
/** Addresses signed in by this file: a second sign-in within 30 s waits out the resend cooldown. */
const signedIn = new Set<string>()
/** How far this file's helpers moved the stack's clock ahead (the server's TOTP steps read it). */
let clockAheadMs = 0
let lastStep = -1

/**
 * Moves the stack's server clock forward by `ms`, keeping count for the TOTP codes of {@link signInOperator}.
 * A console file that moves the clock itself does it through this.
 */
export async function advanceConsoleClock(stack: ConsoleStack, ms: number): Promise<void> {
  await stack.advanceClock(ms)
  clockAheadMs += ms
}

/** A TOTP code of a time step not used before by this file (the server refuses a used step). */
async function freshCode(stack: ConsoleStack, secret: string): Promise<string> {
  const serverNow = () => Date.now() + clockAheadMs
  let step = Math.floor(serverNow() / 30_000)
  if (step <= lastStep) {
    await advanceConsoleClock(stack, (lastStep + 1) * 30_000 + 1_000 - serverNow())
    step = lastStep + 1
  }
  lastStep = step
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
  return totp.generate({ timestamp: step * 30_000 + 1_000 })
}

/**
 * Opens `/console` of `stack` in a new browser context and signs `email` in with a mailed code (the dev
 * mailbox). Does not pass MFA: the page then shows the gate for the guard's answer. Returns the session
 * with the access token the page sent on its console calls.
 */
export async function openConsoleAndSignIn(
  browser: Browser,
  stack: ConsoleStack,
  email: string,
  { timeout = 20_000 }: { timeout?: number } = {},
): Promise<ConsoleSession> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  page.setDefaultTimeout(timeout)
  let accessToken = ''
  const pageErrors: string[] = []
  page.on('console', (message) => {
    // Chromium logs every 4xx answer ('Failed to load resource'): the guard's refusals are expected ones.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      pageErrors.push(message.text())
  })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('request', (request) => {
    const authorization = request.headers().authorization
    if (request.url().includes('/api/v1/console/') && authorization?.startsWith('Bearer '))
      accessToken = authorization.slice('Bearer '.length)
  })
  if (signedIn.has(email)) await advanceConsoleClock(stack, 31_000)
  signedIn.add(email)
  await page.goto(`${stack.apiUrl}/console`)
  await page.getByRole('button', { name: 'Sign in' }).click()
  const dialog = page.getByRole('dialog')
  const since = await submitEmail(page, dialog, email)
  // Once signed in, the page asks the server's guard who this is; its call carries the token.
  const checked = page.waitForResponse((response) => response.url().includes('/api/v1/console/operator'))
  await typeMailedCode(page, dialog, stack.apiUrl, { to: email, since })
  await checked
  return {
    context,
    page,
    email,
    pageErrors,
    get accessToken() {
      return accessToken
    },
  }
}

/**
 * Signs an operator (one of `E2E_CONSOLE_OPERATORS`, ./consoleOperators.ts) in to the console: the email code,
 * then MFA — the first time in this file enrolling the authenticator app through the modal (the secret read
 * off the screen), later verifying with it — and waits for the console's navigation. Returns the page and
 * the operator's access token (`Authorization: Bearer` for {@link consoleApiCall}).
 *
 * @example const { page, accessToken } = await signInOperator(browser, stack, 'console-apps@foyer.test')
 */
export async function signInOperator(
  browser: Browser,
  stack: ConsoleStack,
  email: string,
): Promise<ConsoleSession> {
  const session = await openConsoleAndSignIn(browser, stack, email)
  const { page } = session
  const known = secrets.get(email)
  const dialog = page.getByRole('dialog')
  if (known) {
    // The page asks for the verification at once (the modal's 'Verify your identity').
    await dialog.getByLabel('Digit 1 of 6').click()
    await page.keyboard.type(await freshCode(stack, known))
  } else {
    await page.getByRole('button', { name: 'Add a second factor' }).click()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: 'Authenticator app' }).click()
    const secret = (await dialog.getByTestId('mfa-totp-secret').textContent()) ?? ''
    secrets.set(email, secret)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByLabel('Digit 1 of 6').click()
    await page.keyboard.type(await freshCode(stack, secret))
    await dialog.getByRole('button', { name: 'Done' }).click()
  }
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('navigation', { name: 'Console' }).waitFor()
  return session
}

/**
 * Calls the console API of `stack` directly with `accessToken` (JSON body when `init.json` is given);
 * answers the status and the parsed body.
 *
 * @example const { status, body } = await consoleApiCall(stack, token, '/api/v1/console/audit')
 */
export async function consoleApiCall(
  stack: Pick<ConsoleStack, 'apiUrl'>,
  accessToken: string,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/**
 * The console page passes axe (every rule) in the dark and in the light theme, switched with the page's
 * Theme select (left on light). With a modal dialog open (`{ dialog: true }`) the page behind is inert, so
 * the theme is switched on `<html>` directly (as the select does) and put back. Returns the violations by
 * theme (empty when all pass).
 */
export async function consoleAxeInBothThemes(
  page: Page,
  options: { dialog?: boolean } = {},
): Promise<{ light: string[]; dark: string[] }> {
  const found = { light: [] as string[], dark: [] as string[] }
  const before = await page.evaluate(() => document.documentElement.dataset.theme)
  for (const theme of ['dark', 'light'] as const) {
    if (options.dialog)
      await page.evaluate((next) => {
        document.documentElement.dataset.theme = next
      }, theme)
    else await page.getByLabel('Theme').selectOption(theme)
    await page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, theme)
    found[theme] = await axeViolations(page, 'body')
  }
  if (options.dialog)
    await page.evaluate((theme) => {
      document.documentElement.dataset.theme = theme
    }, before)
  return found
}
