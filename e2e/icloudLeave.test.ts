import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { useBrowser } from './support/browserPage'
import { signInAndReadWalletAddress } from './support/embeddedWallet'
import { freshEmail } from './support/signInWithEmail'
import { E2E_ICLOUD_CONTAINER, type Stack, startStack } from './support/startStack'
import {
  newProfile,
  recoverOnSecondProfileAndSign,
  recoveryMethod,
  setPasswordInModal,
  throughAppleSignIn,
} from './support/walletRecovery'

// Leaving iCloud in Chromium (docs/recovery-icloud.md "Changing the method"): a wallet secured with iCloud
// moves to a password from 'Update backup method'; the Apple ID sign-in opens in that click, its web auth
// token reaches the wallet frame, which deletes the old record from the CloudKit stand-in once the password
// is stored. A fresh browser profile then recovers with the password and signs.

const APPLE_ID = 'grace@icloud.example'
const PASSWORD = 'Velvet-Orbit-Lantern-Pebble'

let stack: Stack
useBrowser({ timeout: 30_000 })

beforeAll(async () => {
  stack = await startStack({ icloud: true })
})
afterAll(async () => {
  await stack?.close()
})

describe('leaving iCloud through the modal', () => {
  test('default: iCloud, then a password (Apple sign-in in the click): the record leaves iCloud; a fresh profile recovers with the password and signs', async () => {
    const email = freshEmail('icloud-leave')
    const first = await newProfile(stack)
    const address = await signInAndReadWalletAddress(first, stack.apiUrl, email)
    const appleUser = { ...E2E_ICLOUD_CONTAINER, appleId: APPLE_ID }

    // Secure with iCloud.
    await first.getByRole('button', { name: 'Set password' }).click()
    await first
      .getByRole('dialog', { name: 'Secure your account' })
      .getByText('iCloud', { exact: true })
      .click()
    await first.getByRole('dialog', { name: 'Back up to iCloud' }).waitFor()
    await throughAppleSignIn(first, 'Continue with iCloud', APPLE_ID)
    await expect.poll(() => recoveryMethod(first), { timeout: 30_000 }).toBe('icloud')
    const [record] = stack.cloudKit?.records(appleUser) ?? []
    expect(record?.recordType).toBe('FoyerRecoverySecret')
    await first.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 })

    // 'Update backup method' → 'Set a password': Apple's window first, in the click.
    await first.getByRole('button', { name: 'Set password' }).click()
    const update = first.getByRole('dialog', { name: 'Update backup method' })
    await update.waitFor()
    expect(await update.getByText('iCloud', { exact: true }).count()).toBe(0)
    await throughAppleSignIn(first, 'Set a password', APPLE_ID)
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
})
