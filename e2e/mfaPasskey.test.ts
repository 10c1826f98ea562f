import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { context, page, useBrowser } from './support/browserPage'
import { approveSignMessage, DEMO_MESSAGE } from './support/embeddedWallet'
import { revealExportedKey } from './support/revealExportedKey'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'
import { addVirtualAuthenticator } from './support/virtualAuthenticator'

// Passkey MFA in Chromium with the virtual authenticator (docs/security.md property 49: user
// verification required). WebAuthn needs a domain RP ID: the demo is served on http://localhost.
useSharedStack({ demoHost: 'localhost' })
useBrowser({ page: 'file', timeout: 20_000 })

beforeAll(async () => {
  await addVirtualAuthenticator(context, page)
})

describe('passkey MFA in Chromium', () => {
  test('default: enrol a linked passkey; export verifies with it by itself; after signing in again, so does signing', async () => {
    await openDemo(page, stack.demoUrl)
    const email = freshEmail('mfa-passkey')
    await signInWithEmail(page, stack.apiUrl, email)
    const address = (await page.getByTestId('wallet-address').textContent({ timeout: 30_000 })) ?? ''
    await page.getByRole('button', { name: 'Link a passkey' }).click()
    await expect.poll(() => page.getByTestId('passkey-list').locator('li').count()).toBe(1)

    await page.getByRole('button', { name: 'Protect wallet (MFA)' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: 'Passkey', exact: true }).click()
    await dialog.getByText('Your passkeys').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await dialog.getByRole('button', { name: 'Use these passkeys' }).click()
    await dialog.getByText('Passkey verification added').waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'detached' })
    const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
    expect(user.mfa_methods.map((method: { type: string }) => method.type)).toEqual(['passkey'])
    expect(user.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'passkey', enrolled_in_mfa: true })]),
    )

    // Export asks; the passkey screen starts by itself and the virtual authenticator answers.
    await page.getByRole('button', { name: 'Export wallet' }).click()
    const exportDialog = page.getByRole('dialog', { name: 'Transfer wallet' })
    const key = await revealExportedKey(exportDialog.locator('iframe').contentFrame(), 30_000)
    expect(privateKeyToAccount(key).address).toBe(address)
    await exportDialog.getByRole('button', { name: 'Done' }).click()
    await exportDialog.waitFor({ state: 'detached' })

    // Signed in again (a new session, no verification yet): signing asks, and the passkey screen starts by
    // itself; the virtual authenticator answers with user verification.
    await page.getByRole('button', { name: 'Log out' }).click()
    await stack.advanceClock(31_000) // past the address's 30 s code cooldown (docs/limits.md)
    await signInWithEmail(page, stack.apiUrl, email)
    await page.getByTestId('wallet-address').waitFor({ timeout: 30_000 })
    const signature = await approveSignMessage(page, { open: true, timeout: 30_000 })
    expect(await verifyMessage({ address: address as `0x${string}`, message: DEMO_MESSAGE, signature })).toBe(
      true,
    )
  }, 150_000)
})
