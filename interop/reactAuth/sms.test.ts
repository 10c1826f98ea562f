import { describe, expect, inject, test } from 'vitest'
import { freshPhone } from '../support/codes'
import { openPageForFile, page, signInByPhone } from './support'

const { apiUrl, pageUrl } = inject('interop')
openPageForFile(pageUrl)

describe('react-auth in Chromium: SMS sign-in through its modal', () => {
  test('login({ loginMethods: [sms] }): the number (US), then the code the dev mailbox received', async () => {
    const phone = freshPhone()
    await signInByPhone(page, apiUrl, phone)
    expect((await page.getByTestId('user-phone').textContent())?.replace(/\D/g, '')).toBe(phone.slice(1))
  })
})
