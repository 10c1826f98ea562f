import { describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { page, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import {
  enterEmailCode,
  freshEmail,
  openDemo,
  requestEmailCode,
  signInWithEmail,
  waitForTestId,
} from './support/signInWithEmail'

/** The terms demo app that `seedDemoApp` creates outside production (terms required, wallet on login). */
const TERMS_DEMO_APP_ID = 'foyerdemoterms00000000000'

useSharedStack()
useBrowser({ page: 'each' })

/** Signs in to the terms demo app with a mailed code; the modal stays open on 'One last step'. */
async function signInToTermsApp(email: string) {
  await openDemo(page, `${stack.demoUrl}?appId=${TERMS_DEMO_APP_ID}`)
  const dialog = await enterEmailCode(page, stack.apiUrl, email)
  await dialog.getByRole('heading', { name: 'One last step' }).waitFor()
  return dialog
}

describe('terms (docs/modal.md)', () => {
  test('default: a new user accepts the terms, then gets the embedded wallet; the next sign-in does not ask', async () => {
    const email = freshEmail('terms')
    const dialog = await signInToTermsApp(email)
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('wallet-address').count()).toBe(0) // no wallet before the terms
    expect(await dialog.getByRole('link', { name: 'View Terms' }).getAttribute('href')).toBe(
      'https://example.com/terms',
    )
    await page.keyboard.press('Escape') // not closable
    await dialog.getByRole('button', { name: 'Accept' }).click()
    await dialog.waitFor({ state: 'detached' })
    const address = await page.getByTestId('wallet-address').textContent({ timeout: 30_000 })
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
    expect(user.has_accepted_terms).toBe(true)

    await page.getByRole('button', { name: 'Log out' }).click()
    await waitForTestId(page, 'authenticated', 'false')
    await stack.advanceClock(31_000) // past the address's 30 s code cooldown (docs/limits.md)
    await signInWithEmail(page, stack.apiUrl, email)
  })

  test("behavior: 'No thanks' signs the user out and no wallet is made", async () => {
    const dialog = await signInToTermsApp(freshEmail('declines'))
    await dialog.getByRole('button', { name: 'No thanks' }).click()
    await dialog.waitFor({ state: 'detached' })
    await waitForTestId(page, 'authenticated', 'false')
    expect(await page.getByTestId('wallet-address').count()).toBe(0)
  })

  test("behavior: 'No thanks', then Log in again at once with the same address: a new code comes, no 'Request failed'", async () => {
    const email = freshEmail('again')
    const dialog = await signInToTermsApp(email)
    await dialog.getByRole('button', { name: 'No thanks' }).click()
    await dialog.waitFor({ state: 'detached' })
    await waitForTestId(page, 'authenticated', 'false')
    // Within the 30 s of the first send: the used code holds no cooldown (docs/sessions.md#resend-cooldown).
    const { dialog: again, code } = await requestEmailCode(page, stack.apiUrl, email)
    expect(await again.getByText('Request failed').count()).toBe(0)
    await again.getByLabel('Digit 1 of 6').click()
    await page.keyboard.type(code)
    await again.getByRole('heading', { name: 'One last step' }).waitFor()
    await again.getByRole('button', { name: 'Accept' }).click()
    await again.waitFor({ state: 'detached' })
    await waitForTestId(page, 'authenticated', 'true')
  })
})
