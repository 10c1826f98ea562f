import { CODE_TTL_SECONDS } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, requestEmailCode } from './support/signInWithEmail'

useSharedStack()
useBrowser({ page: 'each' })

/** Opens the modal, submits `email`, and returns the code the server mailed. */
async function requestCode(email: string): Promise<string> {
  const { code } = await requestEmailCode(page, stack.apiUrl, email)
  expect(code).toMatch(/^[0-9]{6}$/)
  return code
}

/** Types a six-digit code into the code boxes, starting at the first. */
async function typeCode(code: string): Promise<void> {
  const first = page.getByRole('dialog').getByLabel('Digit 1 of 6')
  await first.click()
  await page.keyboard.type(code)
}

/** A wrong code of six digits that differs from `code` in every place. */
function wrongCodeFor(code: string): string {
  return [...code].map((digit) => String((Number(digit) + 1) % 10)).join('')
}

describe('email sign-in through the modal', () => {
  test('default: log in with an emailed code, stay signed in across a reload, then log out', async () => {
    const email = freshEmail()
    await openDemo(page, stack.demoUrl)
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')

    const code = await requestCode(email)
    await typeCode(code)
    await page.getByRole('dialog').getByText('Success!').waitFor()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    expect(await page.getByTestId('user-email').textContent()).toBe(email)
    await expect
      .poll(() => page.getByTestId('token-claims').textContent())
      .toContain('"aud": "foyerdemoapp0000000000000"')

    await page.reload()
    await expect.poll(() => page.getByTestId('ready').textContent()).toBe('true')
    expect(await page.getByTestId('authenticated').textContent()).toBe('true')
    expect(await page.getByTestId('user-email').textContent()).toBe(email)

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
    await page.reload()
    await expect.poll(() => page.getByTestId('ready').textContent()).toBe('true')
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
  })

  test('error: five wrong codes kill the code, so the right one then fails', async () => {
    const email = freshEmail()
    await openDemo(page, stack.demoUrl)
    const code = await requestCode(email)
    const dialog = page.getByRole('dialog')
    // While Resend still counts down the hint says when a new code can be had; once it is over, to resend.
    const newCodeNeeded =
      /^Too many wrong codes: this code no longer works\. (You can get a new one in \d+s|Resend code to get a new one)\.$/
    for (let attempt = 1; attempt <= 5; attempt++) {
      await typeCode(wrongCodeFor(code))
      // The fifth wrong code says that a new code is needed.
      await dialog.getByText(attempt < 5 ? 'Invalid or expired verification code' : newCodeNeeded).waitFor()
      // The wrong code stays 1.4 s, then the boxes clear for the next one (docs/modal.md).
      await expect.poll(() => dialog.getByLabel('Digit 1 of 6').inputValue(), { timeout: 5000 }).toBe('')
    }
    const answer = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/passwordless/authenticate'),
    )
    await typeCode(code)
    expect((await answer).status()).toBe(401)
    await dialog.getByText(newCodeNeeded).waitFor()
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
  })

  test('error: an expired code is refused', async () => {
    const email = freshEmail()
    await openDemo(page, stack.demoUrl)
    const code = await requestCode(email)
    await stack.advanceClock((CODE_TTL_SECONDS + 1) * 1000)
    await typeCode(code)
    await page.getByRole('dialog').getByText('Invalid or expired verification code').waitFor()
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
  })

  test('behavior: Submit stays disabled until the email is valid', async () => {
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    const input = dialog.getByPlaceholder('your@email.com')
    const submit = dialog
      .locator('form', { has: page.getByPlaceholder('your@email.com') })
      .getByRole('button', { name: 'Submit' })
    expect(await submit.isDisabled()).toBe(true)
    for (const invalid of ['person', 'person@', 'person@example', '@example.com']) {
      await input.fill(invalid)
      expect(await submit.isDisabled()).toBe(true)
    }
    await input.fill('person@example.com')
    expect(await submit.isDisabled()).toBe(false)
    await input.press('Backspace')
    await input.fill('not an email')
    expect(await submit.isDisabled()).toBe(true)
  })

  test('behavior: Back and Submit the same address within 30 s opens the code screen again; the first code signs in', async () => {
    const email = freshEmail()
    await openDemo(page, stack.demoUrl)
    const code = await requestCode(email)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Back' }).click()
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/v1/passwordless/init'))
    await dialog
      .locator('form', { has: page.getByPlaceholder('your@email.com') })
      .getByRole('button', { name: 'Submit' })
      .click()
    const answer = await refused
    // The server refuses the resend and says when to retry (RFC 9110 §10.2.3).
    expect(answer.status()).toBe(429)
    expect(Number(await answer.headerValue('retry-after'))).toBeGreaterThan(0)
    await dialog.getByText('Enter confirmation code').waitFor()
    expect(await dialog.getByText('Request failed').count()).toBe(0)
    const resend = dialog.getByRole('button', { name: /^Resend code in \d+s$/ })
    expect(await resend.isDisabled()).toBe(true)
    await typeCode(code)
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    expect(await page.getByTestId('user-email').textContent()).toBe(email)
  })
})
