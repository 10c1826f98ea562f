import type { FarcasterApprovalOverrides, FarcasterTestAccount } from '@foyer/server/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { page, useBrowser } from './support/browserPage'
import { freshEmail, openDemo, signInWithEmail, waitForTestId } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

// Farcaster in Chromium: the modal's QR screen against the relay stand-in, the test phone
// approving as a Farcaster account whose custody key the Id Registry stand-in on anvil records, and the
// server verifying the message itself (docs/security.md property 44).
let stack: Stack
useBrowser({ page: 'each', contextOptions: { viewport: { width: 1280, height: 800 } }, timeout: 20_000 })

beforeAll(async () => {
  stack = await startStack({ farcaster: true })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

const standIns = () => {
  if (!stack.farcaster) throw new Error('the Farcaster stand-ins did not start')
  return stack.farcaster
}

type LinkedAccount = { type: string; fid?: number; username?: string; owner_address?: string }

async function linkedAccounts(): Promise<LinkedAccount[]> {
  const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
  return user.linked_accounts ?? []
}

/** Opens the landing and clicks 'Continue with Farcaster' (behind 'Other socials' when it overflows). */
async function continueWithFarcaster(): Promise<void> {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Log in or sign up' }).waitFor()
  const entry = dialog.getByRole('button', { name: /^Continue with Farcaster/ })
  if (!(await entry.isVisible()))
    await dialog.getByRole('button', { name: /^(Other socials|More options)$/ }).click()
  await entry.click()
}

/** Reads the link of the QR code on the awaiting-Farcaster screen and approves it with the test phone. */
async function scanAndApprove(account: FarcasterTestAccount, overrides?: FarcasterApprovalOverrides) {
  const qr = page.getByRole('dialog').getByRole('img', { name: 'QR code to sign in with Farcaster' })
  await qr.waitFor()
  const connectUri = await qr.getAttribute('data-qr-value')
  expect(connectUri).toMatch(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=/)
  await standIns().phone.approve(connectUri as string, account, overrides)
}

describe('Farcaster sign-in through the QR screen', () => {
  test('default: the phone approves via the relay; signed in with the farcaster account and its profile', async () => {
    const account = await standIns().createAccount({
      profile: { username: 'alice', displayName: 'Alice', pfpUrl: 'https://img.example/alice.png' },
    })
    await openDemo(page, stack.demoUrl)
    await continueWithFarcaster()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Sign in with Farcaster' }).waitFor()
    await dialog.getByRole('button', { name: 'Copy link' }).waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await scanAndApprove(account)
    await waitForTestId(page, 'authenticated', 'true')
    const farcaster = (await linkedAccounts()).find((linked) => linked.type === 'farcaster')
    expect(farcaster).toMatchObject({
      fid: account.fid,
      username: 'alice',
      owner_address: account.signer.address,
    })
  })

  test.each([
    ['another nonce', { nonce: 'deadbeefdeadbeef' }],
    ['another domain', { domain: 'evil.example' }],
  ] as const)('error: a relay answering a message for %s is refused', async (_, overrides) => {
    const account = await standIns().createAccount()
    await openDemo(page, stack.demoUrl)
    await continueWithFarcaster()
    await scanAndApprove(account, overrides)
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Something went wrong. Try again.').waitFor()
    await dialog.getByRole('button', { name: 'Try again' }).waitFor()
    await waitForTestId(page, 'authenticated', 'false')
  })
})

describe('Farcaster link and unlink', () => {
  test('default: a signed-in user links a Farcaster account through the QR screen, then unlinks it', async () => {
    const account = await standIns().createAccount({ profile: { username: 'linker' } })
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('farcaster'))
    await page.getByRole('button', { name: 'Link Farcaster' }).click()
    await page.getByRole('dialog').getByRole('heading', { name: 'Link Farcaster' }).waitFor()
    await scanAndApprove(account)
    await page.getByTestId('farcaster-account').waitFor()
    expect(await page.getByTestId('farcaster-account').textContent()).toContain(`fid ${account.fid} @linker`)
    expect((await linkedAccounts()).some((linked) => linked.type === 'farcaster')).toBe(true)
    await page.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Unlink Farcaster' }).click()
    await waitForTestId(page, 'farcaster-outcome', 'unlinked')
    expect((await linkedAccounts()).some((linked) => linked.type === 'farcaster')).toBe(false)
  })
})
