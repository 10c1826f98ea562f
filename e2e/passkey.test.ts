import type { CDPSession, Route } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { context, page, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'
import { addVirtualAuthenticator } from './support/virtualAuthenticator'

// WebAuthn needs a domain RP ID (not an IP address): the demo is served on http://localhost.
useSharedStack({ demoHost: 'localhost' })
useBrowser({ page: 'file' })
let cdp: CDPSession
let authenticatorId: string

beforeAll(async () => {
  ;({ cdp, authenticatorId } = await addVirtualAuthenticator(context, page))
})

async function userId(): Promise<string> {
  const text = (await page.getByTestId('user-json').textContent()) ?? '{}'
  return (JSON.parse(text) as { id: string }).id
}

describe('passkey', () => {
  let firstUserId = ''

  test('default: link a passkey, log out, sign in with it → the same user', async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('passkey'))
    firstUserId = await userId()

    await page.getByRole('button', { name: 'Link a passkey' }).click()
    await expect.poll(() => page.getByTestId('passkey-list').locator('li').count()).toBe(1)
    await expect.poll(() => page.getByTestId('passkey-list').textContent()).toBe('Chrome on Linux')
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]?.isResidentCredential).toBe(true)

    // The passkey list of the modal ('Manage passkeys') names it.
    await page.getByRole('button', { name: 'Manage passkeys' }).click()
    const list = page.getByRole('dialog')
    await list.getByText('Chrome on Linux').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')

    // The ceremony's options are held back until the waiting screen has been looked at.
    let letThrough: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      letThrough = resolve
    })
    const hold = async (route: Route) => {
      await held
      await route.continue()
    }
    await page.route('**/api/v1/passkeys/authenticate/init', hold)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'I have a passkey' }).click()
    await dialog.getByText('Waiting for your passkey').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    letThrough()
    await dialog.getByRole('status').getByText('Success!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await page.unroute('**/api/v1/passkeys/authenticate/init', hold)
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    expect(await userId()).toBe(firstUserId)
  })

  test('error: a rejected ceremony shows the documented text; Try again then succeeds', async () => {
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false })

    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'I have a passkey' }).click()
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Passkey request timed out or rejected by user.')
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')

    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true })
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    expect(await userId()).toBe(firstUserId)
  })
})
