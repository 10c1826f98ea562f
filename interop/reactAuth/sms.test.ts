import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { freshPhone } from '../support/codes'
import { openPage, signInByPhone } from './support'

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
    await signInByPhone(page, apiUrl, phone)
    expect((await page.getByTestId('user-phone').textContent())?.replace(/\D/g, '')).toBe(phone.slice(1))
  })
})
