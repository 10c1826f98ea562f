import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { page, useBrowser } from './support/browserPage'
import { freshEmail, openDemo, signInWithEmail, waitForTestId } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

// OAuth in Chromium against the local identity provider that stands in for the nine providers:
// the real server routes, the real provider pages (account chooser, Cancel), popup and full-page redirect.
const ADA = { subject: '100001', email: 'ada@example.com', name: 'Ada Lovelace', username: 'ada' }
const GRACE = { subject: '100002', email: 'grace@example.com', name: 'Grace Hopper', username: 'grace' }

let stack: Stack
useBrowser({ page: 'each', contextOptions: { viewport: { width: 1280, height: 800 } }, timeout: 20_000 })

beforeAll(async () => {
  stack = await startStack({ oauth: { users: [ADA, GRACE] } })
})
afterAll(async () => {
  await stack?.close()
})

type LinkedAccount = { type: string; subject?: string; email?: string | null; username?: string | null }

async function linkedAccounts(): Promise<LinkedAccount[]> {
  const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
  return user.linked_accounts ?? []
}

/**
 * Opens the modal's landing and, when the provider sits in an overflow view (the demo app has wallets, so
 * its landing is the web2-first one: 'Other socials'), opens that view.
 */
async function openLanding(provider: string): Promise<void> {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  const entry = dialog.getByRole('button', { name: new RegExp(`^Continue with ${provider}`) })
  await dialog.getByRole('heading', { name: 'Log in or sign up' }).waitFor()
  if (!(await entry.isVisible()))
    await dialog.getByRole('button', { name: /^(Other socials|More options)$/ }).click()
  await entry.waitFor()
}

/**
 * Opens the demo in redirect mode and continues with Google from the modal; returns the URL of the provider
 * stand-in's sign-in page the browser was redirected to.
 */
async function startGoogleRedirect(): Promise<string> {
  await openDemo(page, `${stack.demoUrl}?oauthMode=redirect`)
  await openLanding('Google')
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Continue with Google/ })
    .click()
  await page.getByRole('heading', { name: /Sign in to Google/ }).waitFor()
  return page.url()
}

/** Clicks 'Continue with <provider>' and returns the provider's popup. */
async function clickProvider(provider: string): Promise<Page> {
  const popup = page.waitForEvent('popup')
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(`^Continue with ${provider}`) })
    .click()
  return popup
}

/**
 * Clicks `button` on the provider's page and waits until the popup has closed (its return page hands the
 * code to the opener, then closes), listening before the click so a quick close is not missed.
 */
async function clickAndClose(popup: Page, button: string): Promise<void> {
  const closed = popup.waitForEvent('close', { timeout: 60_000 })
  await popup.getByRole('button', { name: button }).click()
  await closed
}

describe('OAuth sign-in through the modal', () => {
  test('default: Google by popup — the provider page, then signed in with the google_oauth account', async () => {
    await openDemo(page, stack.demoUrl)
    await openLanding('Google')
    const popup = await clickProvider('Google')
    await popup.getByRole('heading', { name: /Sign in to Google/ }).waitFor()
    // The modal waits behind the provider's popup.
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await clickAndClose(popup, 'Continue as Ada Lovelace')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await waitForTestId(page, 'authenticated', 'true')
    expect(await linkedAccounts()).toContainEqual(
      expect.objectContaining({ type: 'google_oauth', subject: ADA.subject, email: ADA.email }),
    )
    // The popup's return page handed the code over; the main page's address is untouched.
    expect(page.url()).not.toContain('privy_oauth_')
  })

  test('behavior: Google by full-page redirect; the return parameters are read, then removed from the URL', async () => {
    await startGoogleRedirect()
    // Every animation frame of the return page: whether the dialog shows, what it says, and whether it is
    // only the loading state (a spinner with 'Loading: …').
    await page.addInitScript(() => {
      if (!location.search.includes('privy_oauth_code')) return
      const frames: { at: number; app: boolean; dialog: boolean; text: string; loading: boolean }[] = []
      ;(window as unknown as { frames_: typeof frames }).frames_ = frames
      const sample = () => {
        const dialog = document.querySelector<HTMLElement>('[role="dialog"]')
        const text = dialog?.textContent ?? ''
        frames.push({
          at: performance.now(),
          app: (document.getElementById('root')?.childElementCount ?? 0) > 0,
          dialog: dialog !== null,
          text,
          loading: text.includes('Loading'),
        })
        requestAnimationFrame(sample)
      }
      requestAnimationFrame(sample)
    })
    const picked = Date.now()
    await page.getByRole('button', { name: 'Continue as Grace Hopper' }).click()
    await page.waitForURL((url) => url.href.startsWith(stack.demoUrl))
    await waitForTestId(page, 'authenticated', 'true')
    const signedIn = Date.now() - picked
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    const closed = Date.now() - picked
    type Frame = { at: number; app: boolean; dialog: boolean; text: string; loading: boolean }
    const frames = await page.evaluate(() => (window as unknown as { frames_: Frame[] }).frames_)
    const shown = frames.filter((frame) => frame.dialog)
    const firstShown = (shown[0]?.at ?? 0) - (frames[0]?.at ?? 0)
    console.info(
      `OAuth redirect return: dialog shown ${Math.round(firstShown)} ms after the first frame; ` +
        `signed in ${signedIn} ms and closed ${closed} ms after picking the user`,
    )
    // On the very first frame the app draws, the dialog is there, says 'Verifying' and names the provider
    // (before the modal's lazily loaded code has come); never a bare spinner.
    const firstApp = frames.find((frame) => frame.app)
    expect(firstApp?.dialog).toBe(true)
    expect(firstApp?.text).toContain('Verifying')
    expect(firstApp?.text).toContain('Google')
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.filter((frame) => frame.loading)).toEqual([])
    expect(shown[0]?.text).toContain('Verifying')
    expect(shown[0]?.text).toContain('Google')
    expect(await linkedAccounts()).toContainEqual(
      expect.objectContaining({ type: 'google_oauth', subject: GRACE.subject, email: GRACE.email }),
    )
    await expect.poll(() => page.url()).not.toContain('privy_oauth_')
    expect(new URL(page.url()).searchParams.get('oauthMode')).toBe('redirect')
  })

  test("behavior: Apple's form_post response signs in", async () => {
    await openDemo(page, stack.demoUrl)
    await openLanding('Apple')
    const popup = await clickProvider('Apple')
    await popup.getByRole('heading', { name: /Sign in to Apple/ }).waitFor()
    await clickAndClose(popup, 'Continue as Ada Lovelace')
    await waitForTestId(page, 'authenticated', 'true')
    expect(await linkedAccounts()).toContainEqual(
      expect.objectContaining({ type: 'apple_oauth', subject: ADA.subject, email: ADA.email }),
    )
  })

  test('error: Cancel at the provider is a denial — the documented text (docs/errors.md) and Retry, no session', async () => {
    await openDemo(page, stack.demoUrl)
    await openLanding('Google')
    const popup = await clickProvider('Google')
    await clickAndClose(popup, 'Cancel')
    const dialog = page.getByRole('dialog')
    await dialog.getByText(/Retry and check .* to finish connecting your account\./).waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    expect(await dialog.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true)
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
  })
})

describe("OAuth popup's return page", () => {
  /** Signs in by popup on `url`; returns the ms from the provider's button click to the popup's close. */
  async function popupSignIn(url: string): Promise<{ ms: number; popupRequests: string[] }> {
    await openDemo(page, url)
    await openLanding('Google')
    const popup = await clickProvider('Google')
    const popupRequests: string[] = []
    // What the popup asks of the app's own origin (the provider and the server are on others).
    const appOrigin = new URL(stack.demoUrl).origin
    popup.on('request', (request) => {
      const requested = new URL(request.url())
      if (requested.origin === appOrigin) popupRequests.push(requested.pathname)
    })
    await popup.getByRole('heading', { name: /Sign in to Google/ }).waitFor()
    const started = performance.now()
    await clickAndClose(popup, 'Continue as Ada Lovelace')
    const ms = Math.round(performance.now() - started)
    await waitForTestId(page, 'authenticated', 'true')
    return { ms, popupRequests }
  }

  test("default: the popup returns to the server's page and loads nothing of the app; popupRedirectTo: only its page", async () => {
    const server = await popupSignIn(stack.demoUrl)
    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    const small = await popupSignIn(`${stack.demoUrl}?oauthPopupPage=1`)
    // The figures for docs/modal.md "The popup's return page" (ms from the provider's button to the close).
    process.stdout.write(
      `OAuth popup close: server's page ${server.ms} ms, oauth-return.html ${small.ms} ms\n`,
    )
    expect(server.popupRequests).toEqual([])
    expect(small.popupRequests).toEqual(['/oauth-return.html'])
  })
})

describe('OAuth linking', () => {
  test('behavior: link GitHub to an email user, then unlink it', async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('oauth-link'))
    const popup = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Link github' }).click()
    const provider = await popup
    await provider.getByRole('heading', { name: /Sign in to GitHub/ }).waitFor()
    await provider.getByRole('button', { name: 'Continue as Ada Lovelace' }).click()
    await waitForTestId(page, 'oauth-outcome', 'github linked')
    await expect
      .poll(async () => (await linkedAccounts()).find((account) => account.type === 'github_oauth'))
      .toMatchObject({ subject: ADA.subject, username: ADA.username, email: ADA.email })

    await page.getByRole('button', { name: 'Unlink github' }).click()
    await waitForTestId(page, 'oauth-outcome', 'github unlinked')
    expect((await linkedAccounts()).some((account) => account.type === 'github_oauth')).toBe(false)
  })
})

describe('OAuth refusals', () => {
  /** Signs in with Google by full-page redirect and returns the return URL the server sent the page to. */
  async function redirectSignIn(): Promise<string> {
    await openDemo(page, `${stack.demoUrl}?oauthMode=redirect`)
    await openLanding('Google')
    let returnUrl = ''
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('privy_oauth_code=')) returnUrl = frame.url()
    })
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Continue with Google/ })
      .click()
    await page.getByRole('button', { name: 'Continue as Ada Lovelace' }).click()
    await waitForTestId(page, 'authenticated', 'true')
    expect(returnUrl).toContain('privy_oauth_state=')
    return returnUrl
  }

  test('error: a replayed return (the same code and state again) signs nobody in', async () => {
    const returnUrl = await redirectSignIn()
    await page.getByRole('button', { name: 'Log out' }).click()
    await waitForTestId(page, 'authenticated', 'false')
    await page.goto(returnUrl)
    await waitForTestId(page, 'ready', 'true')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Retry|Try another method/ })
      .first()
      .waitFor()
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
    await expect.poll(() => page.url()).not.toContain('privy_oauth_')
  })

  test('error: the return of an older flow (its state is not the stored one) is refused without a call', async () => {
    // Flow 1 reaches the provider; flow 2 then replaces it in this browser; flow 1 comes back
    // (docs/security.md property 34).
    const firstProviderPage = await startGoogleRedirect()
    await startGoogleRedirect()
    const authenticateCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/oauth/authenticate')) authenticateCalls.push(request.url())
    })
    await page.goto(firstProviderPage)
    await page.getByRole('button', { name: 'Continue as Ada Lovelace' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Retry|Try another method/ })
      .first()
      .waitFor()
    expect(authenticateCalls).toEqual([])
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
  })

  test('error: a redirect_to outside the allowed origins is refused (docs/security.md property 36)', async () => {
    await openDemo(page, stack.demoUrl)
    const answer = await page.evaluate(
      async ({ apiUrl }) => {
        const response = await fetch(`${apiUrl}/api/v1/oauth/init`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'privy-app-id': 'foyerdemoapp0000000000000' },
          body: JSON.stringify({
            provider: 'google',
            redirect_to: 'https://attacker.example/steal',
            code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
            state_code: 'c3RhdGUtb2YtdGhlLWF0dGFja2VyLWZsb3ctMTIzNDU2Nzg5',
          }),
        })
        return { status: response.status, body: await response.json() }
      },
      { apiUrl: stack.apiUrl },
    )
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ code: 'invalid_origin' })
  })
})
