import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { waitForMessage } from '../../e2e/support/readMailbox'
import { freshPhone } from '../support/codes'
import { openPage, settled, typeCode } from './support'

const { apiUrl, pageUrl } = inject('interop')
let browser: Browser
let page: Page

beforeAll(async () => {
  ;({ browser, page } = await openPage(pageUrl))
})
afterAll(async () => {
  await browser?.close()
})

describe('react-auth in Chromium: SMS sign-in through its modal', () => {
  test('login({ loginMethods: [sms] }): the number (US), then the code the dev mailbox received', async () => {
    const phone = freshPhone()
    await page.getByRole('button', { name: 'Log in with SMS' }).click()
    await page.getByText('Continue with SMS').click()
    // The modal's country selector defaults to US +1: the national number follows it.
    await page.locator('#phone-number-input').fill(phone.slice(2))
    const since = Date.now()
    await page.getByRole('button', { name: 'Submit' }).click()
    const message = await waitForMessage(apiUrl, { to: phone, since })
    await typeCode(page, message.code ?? '')
    await settled(page, 'user-phone')
    expect((await page.getByTestId('user-phone').textContent())?.replace(/\D/g, '')).toBe(phone.slice(1))
  })
})
