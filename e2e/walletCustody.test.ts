import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { describe, expect, test } from 'vitest'
import { browser, useBrowser } from './support/browserPage'
import { approveSignMessage, signInAndReadWalletAddress } from './support/embeddedWallet'
import type { MailboxMessage } from './support/readMailbox'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemoInNewContext } from './support/signInWithEmail'

// Wallet custody (docs/security.md): the key shares go only to the wallet frame's registered device key. A
// second browser recovers after a real sign-in (and the user is emailed); a script that steals the access
// token gets nothing from outside the browser; a revoked device can no longer sign.
const DEMO_APP_ID = 'foyerdemoapp0000000000000'
const MESSAGE = 'Hello from the Foyer demo'

useSharedStack()
useBrowser()

/** A new browser profile with the demo open. */
function newBrowser(): Promise<Page> {
  return openDemoInNewContext(browser, stack.demoUrl, { timeout: 20_000 })
}

async function signIn(page: Page, email: string): Promise<`0x${string}`> {
  await stack.advanceClock(31_000) // past the code's resend cooldown of the other browser's sign-in
  return signInAndReadWalletAddress(page, stack.apiUrl, email)
}

/** 'Sign message', Approve, and the signature the demo shows. */
function signMessage(page: Page): Promise<`0x${string}`> {
  return approveSignMessage(page, { open: true })
}

async function mailTo(email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${stack.apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
  return ((await response.json()) as { messages: MailboxMessage[] }).messages
}

describe('wallet custody', () => {
  const email = freshEmail('custody')
  let laptop: Page
  let phone: Page
  let address: `0x${string}`

  test('default: a new user’s wallet signs; a second browser recovers after a fresh sign-in, and the user is emailed', async () => {
    laptop = await newBrowser()
    address = await signIn(laptop, email)
    await laptop.getByTestId('solana-address').waitFor({ timeout: 30_000 })
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessage(laptop) })).toBe(
      true,
    )

    phone = await newBrowser()
    expect(await signIn(phone, email)).toBe(address)
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessage(phone) })).toBe(true)
    const notices = (await mailTo(email)).filter(
      (message) => message.subject === 'A new device can use your Foyer Demo wallet',
    )
    expect(notices).toHaveLength(2)
    expect(notices[0]?.text).toContain('was added to your Foyer Demo wallet')
    // Both browsers are listed; each marks itself.
    await laptop.getByRole('button', { name: 'Refresh devices' }).click()
    await expect.poll(() => laptop.getByTestId('wallet-device').count()).toBe(2)
    expect(await laptop.getByTestId('wallet-devices').textContent()).toContain('(this browser)')
  })

  test('error: a page script that steals the access token gets nothing from the share routes outside the browser', async () => {
    const stolen = await laptop.evaluate(
      (key) => localStorage.getItem(key),
      `foyer:${DEMO_APP_ID}:access_token`,
    )
    expect(stolen).toBeTruthy()
    const apiOrigin = new URL(stack.apiUrl).origin
    const ref = { chain_type: 'ethereum', entropy_id: address }
    const answers: Record<string, { status: number; body: string }> = {}
    for (const path of [
      '/api/v1/embedded_wallets/auth_share',
      '/api/v1/embedded_wallets/recovery_material',
      '/api/v1/embedded_wallets/export',
      '/api/v1/embedded_wallets/devices',
    ]) {
      // From Node, forging the frame's own origin, as a thief's script can.
      const response = await fetch(`${stack.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${stolen}`,
          'privy-app-id': DEMO_APP_ID,
          'content-type': 'application/json',
          origin: apiOrigin,
          'sec-fetch-site': 'same-origin',
        },
        body: JSON.stringify(path.endsWith('/devices') ? {} : ref),
      })
      answers[path] = { status: response.status, body: await response.text() }
    }
    for (const answer of Object.values(answers)) {
      expect(answer.status).toBe(401)
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'invalid_device_proof' })
      expect(answer.body).not.toContain('auth_share')
      expect(answer.body).not.toContain('recovery_key')
    }
  })

  test('behavior: a revoked device can no longer sign', async () => {
    await laptop.getByRole('button', { name: 'Refresh devices' }).click()
    const other = laptop.getByTestId('wallet-device').filter({ hasNotText: '(this browser)' })
    await other.getByRole('button', { name: 'Revoke' }).click()
    await expect.poll(() => laptop.getByTestId('wallet-device').count()).toBe(1)
    // The phone's session ended with its device: after a reload it is signed out, and nothing signs there.
    await phone.reload()
    await phone.getByTestId('ready').filter({ hasText: 'true' }).waitFor()
    await expect.poll(() => phone.getByTestId('authenticated').textContent()).toBe('false')
    expect(await phone.getByRole('button', { name: 'Sign message', exact: true }).count()).toBe(0)
    // The laptop still signs.
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessage(laptop) })).toBe(
      true,
    )
  })
})
