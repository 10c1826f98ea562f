import { Secret, TOTP } from 'otpauth'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { browser, useBrowser } from './support/browserPage'
import { approveSignMessage, DEMO_MESSAGE } from './support/embeddedWallet'
import { waitForMessage } from './support/readMailbox'
import { revealExportedKey } from './support/revealExportedKey'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// Multi-factor verification in Chromium: enrol the authenticator app through the
// modal (the secret is read off the screen, codes computed with otpauth), sign in again on a fresh browser
// context, sign a message → verification asked → signed; export asks again; a guest cannot enrol.
useSharedStack()
useBrowser()
const contexts: BrowserContext[] = []

afterAll(async () => {
  for (const context of contexts) await context.close()
})

async function newPage(): Promise<Page> {
  const context = await browser.newContext()
  contexts.push(context)
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  return page
}

let lastStep = -1
/** How far this file has moved the shared stack's clock ahead (reset when the file ends). */
let clockAheadMs = 0

/** Moves the server's clock instead of waiting in real time (the cooldowns and time steps read it). */
async function advanceClock(ms: number): Promise<void> {
  await stack.advanceClock(ms)
  clockAheadMs += ms
}

/**
 * A code of a time step not used before (the server refuses a used step, docs/security.md property 12): when
 * the server's current step is used, its clock moves to the next one.
 */
async function freshCode(secret: string): Promise<string> {
  const serverNow = () => Date.now() + clockAheadMs
  let step = Math.floor(serverNow() / 30_000)
  if (step <= lastStep) {
    await advanceClock((lastStep + 1) * 30_000 + 1_000 - serverNow())
    step = lastStep + 1
  }
  lastStep = step
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
  return totp.generate({ timestamp: step * 30_000 + 1_000 })
}

async function typeCode(page: Page, dialog: Locator, code: string): Promise<void> {
  await dialog.getByLabel('Digit 1 of 6').click()
  await page.keyboard.type(code)
}

describe('MFA in Chromium', () => {
  const email = freshEmail('mfa')
  let secret = ''
  let address = ''

  test('default: enrol the authenticator app from the modal', async () => {
    const page = await newPage()
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, email)
    address = (await page.getByTestId('wallet-address').textContent({ timeout: 30_000 })) ?? ''
    await page.getByRole('button', { name: 'Protect wallet (MFA)' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Transaction protection').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByText('Recommended').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await dialog.getByRole('button', { name: 'Authenticator app' }).click()
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    secret = (await dialog.getByTestId('mfa-totp-secret').textContent()) ?? ''
    expect(Secret.fromBase32(secret).bytes.length).toBe(20)
    const qrValue = await dialog
      .getByRole('img', { name: 'QR code for your authenticator app' })
      .getAttribute('data-qr-value')
    expect(new URL(qrValue ?? '').searchParams.get('secret')).toBe(secret)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await typeCode(page, dialog, await freshCode(secret))
    await dialog.getByText('Authenticator app verification added').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'detached' })
    const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
    expect(user.mfa_methods.map((method: { type: string }) => method.type)).toEqual(['totp'])
    await page.getByRole('button', { name: 'Log out' }).click()
  }, 120_000)

  test('behavior: on a fresh browser, signing asks for verification, then signs; export asks again', async () => {
    const page = await newPage()
    await openDemo(page, stack.demoUrl)
    // A new code for the same address: the server's clock passes the 30 s resend cooldown (docs/limits.md).
    await advanceClock(31_000)
    await signInWithEmail(page, stack.apiUrl, email)
    await page.getByTestId('wallet-address').waitFor({ timeout: 30_000 })

    await page.getByRole('button', { name: 'Sign message', exact: true }).click()
    const verify = page.getByRole('dialog', { name: 'Verify your identity' })
    await verify.waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await typeCode(page, verify, await freshCode(secret))
    const signature = await approveSignMessage(page)
    expect(await verifyMessage({ address: address as `0x${string}`, message: DEMO_MESSAGE, signature })).toBe(
      true,
    )

    // Export always asks, even within the 15-minute window.
    await page.getByRole('button', { name: 'Export wallet' }).click()
    const again = page.getByRole('dialog', { name: 'Verify your identity' })
    await again.waitFor()
    await typeCode(page, again, await freshCode(secret))
    const exportDialog = page.getByRole('dialog', { name: 'Transfer wallet' })
    await exportDialog.waitFor()
    const frame = exportDialog.locator('iframe').contentFrame()
    const key = await revealExportedKey(frame)
    expect(privateKeyToAccount(key).address).toBe(address)
  }, 180_000)

  test('behavior: SMS — enrol with a texted code; export then verifies by SMS', async () => {
    const page = await newPage()
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('mfa-sms'))
    const walletAddress = (await page.getByTestId('wallet-address').textContent({ timeout: 30_000 })) ?? ''
    const phoneNumber = '+14155550142'
    await page.getByRole('button', { name: 'Protect wallet (MFA)' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: 'SMS', exact: true }).click()
    await dialog.getByText('Carrier charges may apply.', { exact: false }).waitFor()
    await dialog.getByLabel('SMS').fill(phoneNumber)
    let since = Date.now()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByText('Enter enrollment code').waitFor()
    const enrolment = await waitForMessage(stack.apiUrl, { to: phoneNumber, since })
    await typeCode(page, dialog, enrolment.code ?? '')
    await dialog.getByText('SMS verification added').waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'detached' })

    since = Date.now()
    await page.getByRole('button', { name: 'Export wallet' }).click()
    const verify = page.getByRole('dialog', { name: 'Verify your identity' })
    await verify.waitFor()
    const verification = await waitForMessage(stack.apiUrl, { to: phoneNumber, since })
    await typeCode(page, verify, verification.code ?? '')
    const exportDialog = page.getByRole('dialog', { name: 'Transfer wallet' })
    const frame = exportDialog.locator('iframe').contentFrame()
    const key = await revealExportedKey(frame)
    expect(privateKeyToAccount(key).address).toBe(walletAddress)
  }, 120_000)

  test('error: a guest cannot enrol (docs/security.md property 54)', async () => {
    const origin = new URL(stack.demoUrl).origin
    const headers = {
      'content-type': 'application/json',
      origin,
      'privy-app-id': 'foyerdemoapp0000000000000',
    }
    const guest = await fetch(`${stack.apiUrl}/api/v1/guest/authenticate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ guest_credential: Buffer.alloc(32, 7).toString('base64url') }),
    })
    const { token } = (await guest.json()) as { token: string }
    const refused = await fetch(`${stack.apiUrl}/api/v1/mfa/totp/init`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: '{}',
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      error: 'Enrolling in MFA is not available to guest accounts. Link an email, phone or wallet first.',
      code: 'missing_or_invalid_mfa',
    })
  })
})
