import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, test } from 'vitest'
import { axeViolations, contrastInBothThemes } from './support/axe'
import { browser, useBrowser } from './support/browserPage'
import { approveSignMessage, signInAndReadWalletAddress } from './support/embeddedWallet'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemoInNewContext } from './support/signInWithEmail'

// A new device (a fresh browser context: no device share in the frame's IndexedDB) gets the same wallet back:
// automatically for `privy` recovery, with 'Enter your password' for `user-passcode` (docs/modal.md,
// docs/errors.md).

useSharedStack()
useBrowser()

const MESSAGE = 'Hello from the Foyer demo'
const PASSWORD = 'Velvet-Orbit-Lantern-Pebble'

/** A new device: a fresh browser context with the demo open. */
function newDevice(): Promise<Page> {
  return openDemoInNewContext(browser, stack.demoUrl, { timeout: 20_000 })
}

/** Signs in and returns the embedded Ethereum wallet's address once it shows. */
async function signInAndReadAddress(page: Page, email: string): Promise<`0x${string}`> {
  // The same address got a code less than 30 s ago on the other device: move past the resend cooldown.
  await stack.advanceClock(31_000)
  return signInAndReadWalletAddress(page, stack.apiUrl, email)
}

/** The user's embedded wallet accounts, from the demo's user JSON. */
async function walletAccounts(
  page: Page,
): Promise<Array<{ address: string; chain_type: string; recovery_method: string }>> {
  const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
  return user.linked_accounts.filter((account: { type: string }) => account.type === 'wallet')
}

describe('recovery on a new device', () => {
  test('default: automatic recovery brings back the same address, and it signs', async () => {
    const email = freshEmail('auto')
    const first = await newDevice()
    const address = await signInAndReadAddress(first, email)
    await first.getByTestId('solana-address').waitFor({ timeout: 30_000 })

    const second = await newDevice()
    expect(await signInAndReadAddress(second, email)).toBe(address)
    await second.getByRole('button', { name: 'Sign message', exact: true }).click()
    const signature = await approveSignMessage(second)
    expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    // Never a second wallet: one Ethereum and one Solana wallet.
    expect((await walletAccounts(second)).map((account) => account.chain_type).sort()).toEqual([
      'ethereum',
      'solana',
    ])
  })

  test("behavior: a slow automatic recovery shows 'Connecting your wallet', a failed one 'Try again', then the request's screen", async () => {
    const email = freshEmail('connecting')
    const first = await newDevice()
    const address = await signInAndReadAddress(first, email)
    await first.getByTestId('solana-address').waitFor({ timeout: 30_000 })

    const second = await newDevice()
    expect(await signInAndReadAddress(second, email)).toBe(address)
    // The frame's recovery call is held until the screen shows, then fails once; the next one goes through.
    const connecting = second.getByRole('dialog', { name: 'Connecting your wallet' })
    let held = 0
    await second.route('**/api/v1/embedded_wallets/recovery_material', async (route) => {
      held += 1
      if (held > 1) return route.continue()
      await connecting.waitFor({ timeout: 20_000 })
      await route.abort('connectionrefused')
    })
    await second.getByRole('button', { name: 'Sign message', exact: true }).click()
    await connecting.waitFor()
    expect(await connecting.getByRole('status').textContent()).toBe('This only takes a moment.')
    const failed = second.getByRole('dialog', { name: 'Something went wrong' })
    await failed.getByText("We're on it. Please try again later.").waitFor({ timeout: 20_000 })
    expect(await axeViolations(second, '[role=dialog]')).toEqual([])
    await failed.getByRole('button', { name: 'Try again' }).click()
    const signature = await approveSignMessage(second, { timeout: 30_000 })
    expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    expect(held).toBe(2)
  })

  test('behavior: set a password, then recover with it on a new device; a wrong one is refused', async () => {
    const email = freshEmail('password')
    const first = await newDevice()
    const address = await signInAndReadAddress(first, email)

    await first.getByRole('button', { name: 'Set password' }).click()
    // The demo app offers a password and Google Drive: the choice comes first.
    await first.getByRole('dialog', { name: 'Secure your account' }).getByText('Set a password').click()
    const flow = first.getByRole('dialog')
    await flow.getByRole('heading', { name: 'Set your password' }).waitFor()
    await flow.getByLabel('Password', { exact: true }).fill('abc')
    await flow.getByText('Password must be at least 6 characters').waitFor()
    await flow.getByLabel('Password', { exact: true }).fill('has space~')
    await flow.getByText('Invalid characters used ( SPACE ~ )').waitFor()
    await flow.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await flow.getByText('Password strength: Strong').waitFor()
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })
    await flow.getByRole('button', { name: 'Continue' }).click()
    await flow.getByRole('heading', { name: 'Save your password' }).waitFor()
    await flow.getByText(PASSWORD).waitFor()
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })
    await flow.getByRole('button', { name: 'Continue' }).click()
    await flow.getByRole('heading', { name: 'Confirm your password' }).waitFor()
    await flow.getByLabel('Confirm password').fill('Velvet-Orbit-Lantern')
    await flow.getByRole('button', { name: 'Continue' }).click()
    await flow.getByText('Passwords do not match').waitFor()
    await flow.getByLabel('Confirm password').fill(PASSWORD)
    await flow.getByRole('button', { name: 'Continue' }).click()
    await flow.getByRole('heading', { name: 'Confirm you have saved' }).waitFor()
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })
    const setPassword = flow.getByRole('button', { name: 'Set Password' })
    expect(await setPassword.isDisabled()).toBe(true)
    await flow.getByRole('checkbox').check()
    await setPassword.click()
    await flow.getByRole('heading', { name: 'Success' }).waitFor({ timeout: 30_000 })
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })
    await flow.getByRole('button', { name: 'Close' }).first().click()
    await expect
      .poll(
        async () =>
          (await walletAccounts(first)).find((account) => account.chain_type === 'ethereum')?.recovery_method,
      )
      .toBe('user-passcode')
    // With a password set, 'Set password' offers the choice of backup method.
    await first.getByRole('button', { name: 'Set password' }).click()
    const choice = first.getByRole('dialog', { name: 'Update backup method' })
    await choice.getByText('Automatic recovery').waitFor()
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })
    await first.keyboard.press('Escape')
    await choice.waitFor({ state: 'detached' })

    const second = await newDevice()
    expect(await signInAndReadAddress(second, email)).toBe(address)
    await second.getByRole('button', { name: 'Sign message', exact: true }).click()
    const recover = second.getByRole('dialog', { name: 'Enter your password' })
    await recover.waitFor()
    await recover.getByLabel('Password', { exact: true }).fill('Wrong-Password-Here')
    await recover.getByRole('button', { name: 'Recover your account' }).click()
    await recover.getByText('Invalid recovery password, please try again.').waitFor({ timeout: 30_000 })
    expect(await contrastInBothThemes(second)).toEqual({ light: [], dark: [] })
    await recover.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await recover.getByRole('button', { name: 'Recover your account' }).click()
    const signature = await approveSignMessage(second)
    expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    expect(
      (await walletAccounts(second)).filter((account) => account.chain_type === 'ethereum'),
    ).toHaveLength(1)
  })
})
