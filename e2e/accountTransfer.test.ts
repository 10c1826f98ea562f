// Account transfer on a link conflict (issue 12 §2; spec 01 §2 'Account transfer prompt', 'Check assets
// before transferring'): one stack and one browser for both cases.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { type TestWalletKeys, testWalletsInitScript } from './support/externalWallets/testWalletsInitScript'
import { launchBrowser } from './support/launchBrowser'
import { waitForMessage } from './support/readMailbox'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

const APP_ID = 'foyerdemoapp0000000000000'
const keys: TestWalletKeys = {
  // Test-only keys (anvil's well-known account #2; a fixed ed25519 seed).
  ethereumPrivateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  solanaSeedHex: '22'.repeat(32),
  chainId: 31337,
}
const ethereumAddress = privateKeyToAccount(keys.ethereumPrivateKey).address

let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await stack?.close()
})

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

/** `POST /api/v1/sessions` with `refreshToken`, from the test: the status the server answers. */
async function refreshStatus(refreshToken: string): Promise<number> {
  const response = await fetch(`${stack.apiUrl}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'privy-app-id': APP_ID },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })
  return response.status
}

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
  test("default: an email of another user moves to this user; the other user's session is dead", async () => {
    const email = freshEmail('transfer')
    // The other user: signed in with the address in its own browser.
    const other = await newPage()
    await openDemo(other.page, stack.demoUrl)
    await signInWithEmail(other.page, stack.apiUrl, email)
    // Its embedded wallet (the demo creates one on sign-in), which the transfer discloses.
    await other.page.getByTestId('wallet-address').waitFor({ timeout: 30_000 })
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
    const message = await waitForMessage(stack.apiUrl, { to: email, since })
    await dialog.getByLabel('Digit 1 of 6').click()
    await page.keyboard.type(message.code ?? '')

    await dialog.getByRole('heading', { name: 'Email address is associated with another account' }).waitFor()
    await dialog.getByText(`Do you want to transfer ${email} to this account?`, { exact: false }).waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('heading', { name: 'Check assets before transferring' }).waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await dialog.getByRole('button', { name: 'Transfer and delete account' }).click()
    await dialog.getByRole('button', { name: 'Success!' }).waitFor()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('phone-outcome').textContent()).toBe('email linked')
    const after = await readUser(page)
    expect(after.id).toBe(me.id)
    expect(after.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'email', address: email })]),
    )

    // The other user is gone: its refresh fails, and its page is signed out once it refreshes.
    expect(await refreshStatus(otherRefresh as string)).toBe(401)
    await openDemo(other.page, stack.demoUrl)
    await expect.poll(() => other.page.getByTestId('authenticated').textContent()).toBe('false')
    expect(otherUser.id).not.toBe(me.id)
    await Promise.all([other.context.close(), mine.context.close()])
  })

  test("behavior: a wallet of a user with an embedded wallet asks to 'Check assets before transferring'", async () => {
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
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('heading', { name: 'Check assets before transferring' }).waitFor()
    await dialog.getByText(embeddedAddress, { exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Copy wallet address' }).waitFor()
    await dialog.getByRole('button', { name: 'Transfer and delete account' }).click()
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
