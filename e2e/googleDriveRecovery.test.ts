import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { useBrowser } from './support/browserPage'
import { readWalletAddress, signInAndReadWalletAddress } from './support/embeddedWallet'
import { freshEmail } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'
import {
  continueInPopup,
  newProfile,
  recoverOnSecondProfileAndSign,
  recoveryMethod,
  signUpSecuringOnCreate,
} from './support/walletRecovery'

// Google Drive recovery in Chromium (docs/recovery-oauth.md): the modal's recovery OAuth screen, the real
// server routes, the local identity provider as Google and the Drive API stand-in. A wallet secured with
// Google Drive on one browser profile is recovered from Drive on another and signs.

const ADA = { subject: '200001', email: 'ada@example.com', name: 'Ada Lovelace', username: 'ada' }

let stack: Stack
useBrowser({ timeout: 30_000 })

beforeAll(async () => {
  stack = await startStack({ oauth: { users: [ADA] } })
})
afterAll(async () => {
  await stack?.close()
})

/** 'Continue with Google Drive', then `button` ('Continue as Ada Lovelace' or 'Cancel') on Google's page. */
function continueWithGoogleDrive(page: Page, button: string): Promise<void> {
  return continueInPopup(page, 'Continue with Google Drive', (popup) =>
    popup.getByRole('button', { name: button }).click(),
  )
}

describe('Google Drive recovery through the modal', () => {
  test('default: secure with Google Drive (a denied consent first), recover on a second profile, sign', async () => {
    const email = freshEmail('drive')
    const first = await newProfile(stack)
    const address = await signInAndReadWalletAddress(first, stack.apiUrl, email)

    await first.getByRole('button', { name: 'Set password' }).click()
    const choice = first.getByRole('dialog', { name: 'Secure your account' })
    await choice.getByText('Google Drive', { exact: true }).click()
    const backup = first.getByRole('dialog', { name: 'Back up to Google Drive' })
    await backup.waitFor()
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })

    // Cancel at Google: the spec's text, and the wallet keeps its recovery.
    await continueWithGoogleDrive(first, 'Cancel')
    await backup.getByText('User denied confirmation during OAuth flow').waitFor()
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })
    expect(await recoveryMethod(first)).toBe('privy')

    await continueWithGoogleDrive(first, 'Continue as Ada Lovelace')
    await backup.waitFor({ state: 'detached', timeout: 60_000 })
    // A second profile: the wallet is not on this device; signing asks for Google Drive.
    await recoverOnSecondProfileAndSign(stack, first, {
      email,
      address,
      method: 'google-drive',
      recoverDialog: 'Recover with Google Drive',
      recover: (second) => continueWithGoogleDrive(second, 'Continue as Ada Lovelace'),
    })
  })

  test('behavior: secured with Google Drive when the wallet is made: the server only ever gets the Drive-encrypted share', async () => {
    const email = freshEmail('drive-create')
    const { page: first, choice, uploads } = await signUpSecuringOnCreate(stack, email)
    expect(await choice.getByRole('button', { name: 'Close' }).count()).toBe(0)
    await choice.getByText('Google Drive', { exact: true }).click()
    await first.getByRole('dialog', { name: 'Back up to Google Drive' }).waitFor()
    await continueWithGoogleDrive(first, 'Continue as Ada Lovelace')
    const address = await readWalletAddress(first)
    await expect.poll(() => recoveryMethod(first), { timeout: 20_000 }).toBe('google-drive')
    // Asked once: the Solana wallet is made on the same method, with no second choice.
    await expect.poll(() => recoveryMethod(first, 'solana'), { timeout: 20_000 }).toBe('google-drive')
    expect(await choice.count()).toBe(0)
    expect(uploads).toEqual([
      '/api/v1/embedded_wallets google-drive',
      '/api/v1/embedded_wallets google-drive',
    ])
    const phone = await recoverOnSecondProfileAndSign(stack, first, {
      email,
      address,
      method: 'google-drive',
      recoverDialog: 'Recover with Google Drive',
      recover: (second) => continueWithGoogleDrive(second, 'Continue as Ada Lovelace'),
    })
    // The Solana wallet, on the same Drive, recovers with the token the Ethereum one got: no second Google sign-in.
    await phone.getByRole('button', { name: 'Sign Solana message' }).click()
    const sign = phone.getByRole('dialog', { name: 'Sign message' })
    await sign.getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 })
    await expect.poll(() => phone.getByTestId('solana-signature').textContent()).toMatch(/^[0-9a-f]{128}$/)
    expect(await phone.getByRole('dialog', { name: 'Recover with Google Drive' }).count()).toBe(0)
  })
})
