import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { useBrowser } from './support/browserPage'
import { signInAndReadWalletAddress } from './support/embeddedWallet'
import { freshEmail } from './support/signInWithEmail'
import { E2E_ICLOUD_CONTAINER, type Stack, startStack } from './support/startStack'
import {
  continueInPopup,
  newProfile,
  recoverOnSecondProfileAndSign,
  recoveryMethod,
  throughAppleSignIn,
} from './support/walletRecovery'

// iCloud recovery in Chromium (docs/recovery-icloud.md): the modal's recovery OAuth screen (iCloud variant),
// the real server routes, and the CloudKit stand-in as Apple (its Apple ID sign-in page posts the web auth
// token to the opener, its CloudKit Web Services keep the secret record). A wallet secured with iCloud on one
// browser profile is recovered from iCloud on another and signs.

const APPLE_ID = 'ada@icloud.example'

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
