import { describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import { openDemo } from './support/signInWithEmail'

useSharedStack()
useBrowser({ page: 'file' })

// The demo's locale picker sets `intl.locale`; French is its own chunk, loaded by the browser.
describe('locales', () => {
  test("default: the demo's picker on 'fr' shows the landing in French", async () => {
    await openDemo(page, stack.demoUrl)
    const french = page.waitForResponse((response) => /\/fr\.(ts|js)|fr-[\w-]+\.js/.test(response.url()))
    await page.getByTestId('locale-picker').selectOption('fr')
    await page.waitForURL(/[?&]locale=fr\b/)
    await expect.poll(() => page.getByTestId('ready').textContent()).toBe('true')
    expect((await french).ok()).toBe(true)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connectez-vous ou inscrivez-vous' })
    await dialog.waitFor()
    await expect.poll(() => dialog.getAttribute('lang')).toBe('fr')
    await dialog.getByText('Connectez-vous à la démo Foyer').waitFor()
    await dialog.getByRole('textbox', { name: 'Adresse e-mail' }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Fermer' }).count()).toBe(1)
  })
})
