import type Privy from '@privy-io/js-sdk-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { freshPhone } from '../support/codes'
import { signedInClient } from '../support/signIn'
import { enterEmailAndCode, openPage, signInByPhone } from './support'

const { apiUrl, pageUrl } = inject('interop')
let browser: Browser
let page: Page
/** The user who holds the email first (through js-sdk-core in Node), and that email. */
let holder: { client: Privy; email: string }

beforeAll(async () => {
  holder = await signedInClient('reactholder')
  ;({ browser, page } = await openPage(pageUrl))
})
afterAll(async () => {
  await browser?.close()
})

describe('react-auth in Chromium: account transfer through its modal', () => {
  test("linkEmail() of another user's email: the transfer offer, accepted, moves the email", async () => {
    const phone = freshPhone()
    await signInByPhone(page, apiUrl, phone)
    const userId = await page.getByTestId('user-id').textContent()
    await page.getByRole('button', { name: 'Link email' }).click()
    await enterEmailAndCode(page, apiUrl, holder.email)
    // react-auth's 'LinkConflictScreen', from the link's 400 `account_transfer_required` and its data.
    await page.getByText('Email address is associated with another account').waitFor()
    await page.getByText(`Do you want to transfer ${holder.email} to this account instead?`).waitFor()
    await page.getByRole('button', { name: 'Transfer and delete account' }).click()
    await waitForTestId(page, 'user-email', holder.email)
    expect(await page.getByTestId('user-id').textContent()).toBe(userId)
    expect((await page.getByTestId('user-phone').textContent())?.replace(/\D/g, '')).toBe(phone.slice(1))
    expect(await page.getByTestId('error').textContent()).toBe('')
    // The holder had nothing but the email: it is deleted, and its session with it.
    await expect(holder.client.user.get()).rejects.toThrow()
  })

  test('a reload keeps the session, with the moved email', async () => {
    await page.reload()
    await waitForTestId(page, 'ready', 'true')
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('user-email').textContent()).toBe(holder.email)
  })
})
