import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { useBrowser } from './support/browserPage'
import { readWalletAddress, signInAndReadWalletAddress } from './support/embeddedWallet'
import { freshEmail } from './support/signInWithEmail'
import { E2E_ICLOUD_CONTAINER, type Stack, startStack } from './support/startStack'
import {
  continueInPopup,
  newProfile,
  recoverOnSecondProfileAndSign,
  recoveryMethod,
  setPasswordInModal,
  signUpSecuringOnCreate,
  throughAppleSignIn,
} from './support/walletRecovery'

// iCloud recovery in Chromium (docs/recovery-icloud.md): the modal's recovery OAuth screen (iCloud variant),
// the real server routes, and the CloudKit stand-in as Apple (its Apple ID sign-in page posts the web auth
// token to the opener, its CloudKit Web Services keep the secret record). A wallet secured with iCloud on one
// browser profile is recovered from iCloud on another and signs. Leaving iCloud (docs/recovery-icloud.md
// "Changing the method"): a wallet secured with iCloud moves to a password from 'Update backup method'; the
// Apple ID sign-in opens in that click and its web auth token reaches the wallet frame, which deletes the old
// record from the stand-in once the password is stored; a fresh profile recovers with the password and signs.

const APPLE_ID = 'ada@icloud.example'
const LEAVING_APPLE_ID = 'grace@icloud.example'
const PASSWORD = 'Velvet-Orbit-Lantern-Pebble'

let stack: Stack
useBrowser({ timeout: 30_000 })

beforeAll(async () => {
  stack = await startStack({ icloud: true })
})
afterAll(async () => {
  await stack?.close()
})

/** 'Continue with iCloud', then the Apple ID sign-in in the popup (which posts the token and closes). */
function continueWithIcloud(page: Page): Promise<void> {
  return throughAppleSignIn(page, 'Continue with iCloud', APPLE_ID)
}

describe('iCloud recovery through the modal', () => {
  test('default: secure with iCloud (a closed sign-in first), recover on a second profile, sign', async () => {
    const email = freshEmail('icloud')
    const first = await newProfile(stack)
    const address = await signInAndReadWalletAddress(first, stack.apiUrl, email)

    await first.getByRole('button', { name: 'Set password' }).click()
    const choice = first.getByRole('dialog', { name: 'Secure your account' })
    await choice.getByText('iCloud', { exact: true }).click()
    const backup = first.getByRole('dialog', { name: 'Back up to iCloud' })
    await backup.waitFor()
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })

    // The user closes Apple's window: nothing shown, the wallet keeps its recovery, the button is back.
    await continueInPopup(first, 'Continue with iCloud', (popup) => popup.close())
    await backup.getByRole('button', { name: 'Continue with iCloud' }).waitFor()
    expect(await backup.getByRole('alert').count()).toBe(0)
    expect(await recoveryMethod(first)).toBe('privy')

    await continueWithIcloud(first)
    await backup.waitFor({ state: 'detached', timeout: 60_000 })
    // The secret is a record in this Apple ID's private database of the app's container.
    const user = { ...E2E_ICLOUD_CONTAINER, appleId: APPLE_ID }
    await expect
      .poll(() => stack.cloudKit?.records(user).map((record) => record.recordType))
      .toEqual(['FoyerRecoverySecret'])
    await recoverOnSecondProfileAndSign(stack, first, {
      email,
      address,
      method: 'icloud',
      recoverDialog: 'Recover with iCloud',
      recover: continueWithIcloud,
    })
  })
})

describe('leaving iCloud through the modal', () => {
  test('default: iCloud, then a password (Apple sign-in in the click): the record leaves iCloud; a fresh profile recovers with the password and signs', async () => {
    const email = freshEmail('icloud-leave')
    const first = await newProfile(stack)
    const address = await signInAndReadWalletAddress(first, stack.apiUrl, email)
    const appleUser = { ...E2E_ICLOUD_CONTAINER, appleId: LEAVING_APPLE_ID }

    // Secure with iCloud.
    await first.getByRole('button', { name: 'Set password' }).click()
    await first
      .getByRole('dialog', { name: 'Secure your account' })
      .getByText('iCloud', { exact: true })
      .click()
    await first.getByRole('dialog', { name: 'Back up to iCloud' }).waitFor()
    await throughAppleSignIn(first, 'Continue with iCloud', LEAVING_APPLE_ID)
    await expect.poll(() => recoveryMethod(first), { timeout: 30_000 }).toBe('icloud')
    const [record] = stack.cloudKit?.records(appleUser) ?? []
    expect(record?.recordType).toBe('FoyerRecoverySecret')
    await first.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 })

    // 'Update backup method' → 'Set a password': Apple's window first, in the click.
    await first.getByRole('button', { name: 'Set password' }).click()
    const update = first.getByRole('dialog', { name: 'Update backup method' })
    await update.waitFor()
    expect(await update.getByText('iCloud', { exact: true }).count()).toBe(0)
    await throughAppleSignIn(first, 'Set a password', LEAVING_APPLE_ID)
    await setPasswordInModal(first, PASSWORD)

    // The stand-in's private database of that Apple ID no longer holds the record.
    await expect
      .poll(() => stack.cloudKit?.records(appleUser).map((r) => r.recordName), { timeout: 20_000 })
      .toEqual([])
    await recoverOnSecondProfileAndSign(stack, first, {
      email,
      address,
      method: 'user-passcode',
      recoverDialog: 'Enter your password',
      recover: async (page) => {
        const recover = page.getByRole('dialog', { name: 'Enter your password' })
        await recover.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await recover.getByRole('button', { name: 'Recover your account' }).click()
      },
    })
  })

  test('behavior: secured with iCloud when the wallet is made: its first upload is the iCloud-encrypted share', async () => {
    const email = freshEmail('icloud-create')
    const { page: first, choice, uploads } = await signUpSecuringOnCreate(stack, email)
    await choice.getByText('iCloud', { exact: true }).click()
    await first.getByRole('dialog', { name: 'Back up to iCloud' }).waitFor()
    await continueWithIcloud(first)
    const address = await readWalletAddress(first)
    await expect.poll(() => recoveryMethod(first), { timeout: 20_000 }).toBe('icloud')
    // Asked once: the Solana wallet is made on the same method, with no second choice.
    await expect.poll(() => recoveryMethod(first, 'solana'), { timeout: 20_000 }).toBe('icloud')
    expect(await choice.count()).toBe(0)
    expect(uploads).toEqual(['/api/v1/embedded_wallets icloud', '/api/v1/embedded_wallets icloud'])
    const phone = await recoverOnSecondProfileAndSign(stack, first, {
      email,
      address,
      method: 'icloud',
      recoverDialog: 'Recover with iCloud',
      recover: continueWithIcloud,
    })
    // The Solana wallet, on the same iCloud, recovers with CloudKit's next token: no second Apple sign-in.
    await phone.getByRole('button', { name: 'Sign Solana message' }).click()
    await phone
      .getByRole('dialog', { name: 'Sign message' })
      .getByRole('button', { name: 'Approve' })
      .click({ timeout: 30_000 })
    await expect.poll(() => phone.getByTestId('solana-signature').textContent()).toMatch(/^[0-9a-f]{128}$/)
  })
})
