import { describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { waitForMessage } from './support/readMailbox'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo } from './support/signInWithEmail'

useSharedStack()
useBrowser({ page: 'file' })

async function readUser(): Promise<{
  id: string
  is_guest: boolean
  linked_accounts: Array<{ type: string }>
}> {
  return JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
}

describe('guest', () => {
  test('default: sign in as a guest, then upgrade by linking an email', async () => {
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    await expect.poll(() => page.getByTestId('is-guest').textContent()).toBe('true')
    // The demo creates both embedded wallets on every sign-in, a guest's too: the user is read once they
    // are there, so the accounts compared below do not depend on how fast the frame made them.
    await page.getByTestId('wallet-address').waitFor({ timeout: 30_000 })
    await page.getByTestId('solana-address').waitFor({ timeout: 30_000 })
    await expect.poll(async () => (await readUser()).linked_accounts.length).toBe(2)
    // The wallet created screen opens over the page and closes 1 s later, giving focus back: the form below
    // is typed into after that, as a person would (typing meanwhile goes to the modal).
    const created = page.getByRole('dialog', { name: /^(Welcome to .+|All set!)$/ })
    await created.getByText('Your wallet is ready.').waitFor()
    await created.waitFor({ state: 'detached' })
    const guest = await readUser()
    // A guest lists no guest entry: is_guest carries it (docs/linked-accounts.md#account-shapes).
    expect(guest.is_guest).toBe(true)
    expect(guest.linked_accounts.map((account) => account.type)).toEqual(['wallet', 'wallet'])
    const credential = await page.evaluate(() =>
      localStorage.getItem('foyer:foyerdemoapp0000000000000:guest_credential'),
    )
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // Upgrade: link an email with a code requested while signed in as the guest.
    const email = freshEmail('guest')
    await page.getByLabel('Email to link').fill(email)
    const since = Date.now()
    await page.getByRole('button', { name: 'Send link code' }).click()
    // The form asks for the code once the server has sent it, or shows why it could not.
    const form = page.locator('form', { has: page.getByLabel('Email to link') })
    await form.getByLabel('Link code').or(form.getByRole('alert')).waitFor()
    expect(await form.getByRole('alert').allTextContents()).toEqual([])
    const message = await waitForMessage(stack.apiUrl, { to: email, since })
    await page.getByLabel('Link code').fill(message.code ?? '')
    const refreshBefore = await page.evaluate(() =>
      localStorage.getItem('foyer:foyerdemoapp0000000000000:refresh_token'),
    )
    // The demo's form (the phone panel also has a 'Link email' button, which opens the modal).
    await page
      .locator('form', { has: page.getByLabel('Link code') })
      .getByRole('button', { name: 'Link email' })
      .click()
    await expect.poll(() => page.getByTestId('is-guest').textContent()).toBe('false')

    const upgraded = await readUser()
    expect(upgraded.id).toBe(guest.id)
    expect(upgraded.is_guest).toBe(false)
    expect(upgraded.linked_accounts.map((account) => account.type).sort()).toEqual([
      'email',
      'wallet',
      'wallet',
    ])
    // The link kept the session; the SDK's refresh after it rotated the held refresh token
    // (docs/linked-accounts.md#linking), and the guest credential is forgotten.
    const refreshAfter = await page.evaluate(() =>
      localStorage.getItem('foyer:foyerdemoapp0000000000000:refresh_token'),
    )
    expect(refreshAfter).toBeTruthy()
    expect(refreshAfter).not.toBe(refreshBefore)
    expect(
      await page.evaluate(() => localStorage.getItem('foyer:foyerdemoapp0000000000000:guest_credential')),
    ).toBeNull()

    // The session survives a reload.
    await openDemo(page, stack.demoUrl)
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    expect((await readUser()).id).toBe(guest.id)
  })
})
