// Account transfer on a link conflict ('Account transfer prompt'; docs/account-transfer.md):
// only the account moves, the other user keeps its embedded wallet, which the prompt never discloses. One
// stack and one browser for both cases.
import type { BrowserContext, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { browser, useBrowser } from './support/browserPage'
import { type TestWalletKeys, testWalletsInitScript } from './support/externalWallets/testWalletsInitScript'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail, typeMailedCode } from './support/signInWithEmail'

const APP_ID = 'foyerdemoapp0000000000000'
const keys: TestWalletKeys = {
  // Test-only keys (anvil's well-known account #2; a fixed ed25519 seed).
  ethereumPrivateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  solanaSeedHex: '22'.repeat(32),
  chainId: 31337,
}
const ethereumAddress = privateKeyToAccount(keys.ethereumPrivateKey).address

useSharedStack()
useBrowser()

async function newPage(init?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  if (init) await context.addInitScript({ content: init })
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  return { context, page }
}

type LinkedAccount = { type: string; address?: string; connector_type?: string }
const readUser = async (page: Page): Promise<{ id: string; linked_accounts: LinkedAccount[] }> =>
  JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
const storedRefreshToken = (page: Page) =>
  page.evaluate((appId) => localStorage.getItem(`foyer:${appId}:refresh_token`), APP_ID)

/** 'Link a wallet' → the injected test wallet; returns the dialog. */
async function linkTestWallet(page: Page) {
  await page.getByRole('button', { name: 'Link a wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Link a wallet' }).waitFor()
  await dialog
    .getByRole('list', { name: 'Wallets' })
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .click()
  return dialog
}

describe('account transfer', () => {
  test('default: an email of another user moves to this user; the other user keeps its wallet and session', async () => {
    const email = freshEmail('transfer')
    // The other user: signed in with the address in its own browser.
    const other = await newPage()
    await openDemo(other.page, stack.demoUrl)
    await signInWithEmail(other.page, stack.apiUrl, email)
    // Its embedded wallet (the demo creates one on sign-in), which the transfer never discloses.
    const otherWallet = other.page.getByTestId('wallet-address')
    await otherWallet.waitFor({ timeout: 30_000 })
    const otherAddress = (await otherWallet.textContent()) as string
    const otherUser = await readUser(other.page)
    const otherRefresh = await storedRefreshToken(other.page)
    expect(otherRefresh).toBeTruthy()

    // This user: a guest, who links the same address through the modal.
    const mine = await newPage()
    const page = mine.page
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Continue as guest' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('true')
    const me = await readUser(page)
    await page.getByRole('button', { name: 'Link email', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Link email' }).waitFor()
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
    const since = Date.now()
    await dialog.getByRole('textbox', { name: 'Email address' }).press('Enter')
    await dialog.getByText('Enter confirmation code').waitFor()
    await typeMailedCode(page, dialog, stack.apiUrl, { to: email, since })

    await dialog.getByRole('heading', { name: 'Email address is associated with another account' }).waitFor()
    await dialog.getByText(`Do you want to transfer ${email} to this account?`, { exact: false }).waitFor()
    await dialog
      .getByText('Your other account keeps its wallet and its other login methods', { exact: false })
      .waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    // No 'Continue' to 'Check assets before transferring': the other user's wallet is not disclosed.
    expect(await dialog.getByRole('button', { name: 'Continue' }).count()).toBe(0)
    expect(await dialog.getByText(otherAddress).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Transfer account' }).click()
    await dialog.getByRole('button', { name: 'Success!' }).waitFor()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('phone-outcome').textContent()).toBe('email linked')
    const after = await readUser(page)
    expect(after.id).toBe(me.id)
    expect(after.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'email', address: email })]),
    )

    // The other user stays (it has a wallet): its session still refreshes (the page reload uses its stored
    // refresh token), with its wallet and without the email.
    await openDemo(other.page, stack.demoUrl)
    await expect.poll(() => other.page.getByTestId('authenticated').textContent()).toBe('true')
    await expect
      .poll(async () => {
        const otherAfter = await readUser(other.page)
        return {
          id: otherAfter.id,
          hasEmail: otherAfter.linked_accounts.some((account) => account.address === email),
          hasWallet: otherAfter.linked_accounts.some((account) => account.address === otherAddress),
        }
      })
      .toEqual({ id: otherUser.id, hasEmail: false, hasWallet: true })
    expect(otherUser.id).not.toBe(me.id)
    await Promise.all([other.context.close(), mine.context.close()])
  })

  test('behavior: a wallet of a user with an embedded wallet moves without disclosing that embedded wallet', async () => {
    const { context, page } = await newPage(await testWalletsInitScript(keys))
    await openDemo(page, stack.demoUrl)
    // The other user: an email user with an embedded wallet, who links the Ethereum wallet.
    await signInWithEmail(page, stack.apiUrl, freshEmail('wallet-owner'))
    const embedded = page.getByTestId('wallet-address')
    await embedded.waitFor({ timeout: 30_000 })
    const embeddedAddress = (await embedded.textContent()) as string
    await linkTestWallet(page)
    await expect
      .poll(async () => (await readUser(page)).linked_accounts.some((a) => a.address === ethereumAddress))
      .toBe(true)
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')

    // This user (an email) links the same wallet.
    await signInWithEmail(page, stack.apiUrl, freshEmail('wallet-transfer'))
    const me = await readUser(page)
    const dialog = await linkTestWallet(page)
    await dialog.getByRole('heading', { name: 'Wallet address is associated with another account' }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Continue' }).count()).toBe(0)
    expect(await dialog.getByText(embeddedAddress).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Transfer account' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect
      .poll(async () =>
        (await readUser(page)).linked_accounts.some(
          (account) => account.type === 'wallet' && account.address === ethereumAddress,
        ),
      )
      .toBe(true)
    const after = await readUser(page)
    expect(after.id).toBe(me.id)
    // The other user's embedded wallet did not move.
    expect(after.linked_accounts.some((account) => account.address === embeddedAddress)).toBe(false)
    await context.close()
  })
})
