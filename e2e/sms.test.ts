import { startTwilioStandIn, type TwilioStandIn } from '@foyer/server/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { waitForMessage } from './support/readMailbox'
import { freshEmail, openDemo, signInWithEmail, waitForTestId } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

const ACCOUNT_SID = 'AC00000000000000000000000000000000'
const AUTH_TOKEN = 'test-auth-token'

let twilio: TwilioStandIn
let stack: Stack
useBrowser({ page: 'each' })

beforeAll(async () => {
  // SMS go through Twilio's REST API at a local stand-in (Côte d'Ivoire, +225, answers 21408), and on to
  // the dev mailbox, where the tests read the codes.
  twilio = await startTwilioStandIn({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    regionBlockedPrefixes: ['+225'],
  })
  stack = await startStack({
    twilio: {
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: '+15005550006',
      baseUrl: twilio.baseUrl,
    },
  })
})
afterAll(async () => {
  await stack?.close()
  await twilio?.close()
})

let counter = 0
/** A fresh valid US number per call: national text to type, and its E.164 form. */
function freshPhone(): { national: string; e164: string } {
  counter += 1
  const last4 = String((Date.now() + counter * 7919) % 10_000).padStart(4, '0')
  return { national: `415 555 ${last4}`, e164: `+1415555${last4}` }
}

/** Submits `national` in the dialog's phone form, waits for the code screen, returns the texted code. */
async function requestSmsCode(national: string, e164: string): Promise<string> {
  const dialog = page.getByRole('dialog')
  const field = dialog.getByRole('textbox', { name: 'Phone number' })
  await field.fill('')
  await field.pressSequentially(national)
  const since = Date.now()
  await field.press('Enter')
  await dialog.getByText('Enter confirmation code').waitFor()
  const message = await waitForMessage(stack.apiUrl, { to: e164, since })
  expect(message.code).toMatch(/^[0-9]{6}$/)
  return message.code!
}

async function typeCode(code: string): Promise<void> {
  await page.getByRole('dialog').getByLabel('Digit 1 of 6').click()
  await page.keyboard.type(code)
}

describe('SMS sign-in through the modal', () => {
  test('default: sign in with a texted code; the user has the phone account', async () => {
    const { national, e164 } = freshPhone()
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    const country = dialog.getByRole('combobox', { name: 'Country' })
    expect(await country.inputValue()).toBe('US')
    const code = await requestSmsCode(national, e164)
    await expect
      .poll(() => dialog.getByText(/Please check/).textContent())
      .toBe(`Please check +•••••••${e164.slice(-4)} for a message and enter your code below.`)
    expect(await dialog.getByText("Didn't get a message?").isVisible()).toBe(true)
    await typeCode(code)
    await dialog.waitFor({ state: 'detached' })
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('user-phone').textContent()).toBe(e164)
    const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
    expect(user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'phone', number: e164 }))
    expect(user.linked_accounts.some((account: { type: string }) => account.type === 'email')).toBe(false)
    // The SMS went through Twilio's Messages API: form body, Basic auth.
    const sent = twilio.requests.find((request) => request.form.To === e164)
    expect(sent?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`)
    expect(sent?.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    )
    expect(sent?.form.Body).toContain(code)
  })

  test("behavior: the 'Recent' chip never squeezes the phone field", async () => {
    const { national, e164 } = freshPhone()
    await page.setViewportSize({ width: 1280, height: 800 }) // desktop: the 360 px dialog
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    const field = dialog.getByRole('textbox', { name: 'Phone number' })
    const widthWithoutChip = (await field.boundingBox())?.width ?? 0
    expect(widthWithoutChip).toBeGreaterThan(100)
    await typeCode(await requestSmsCode(national, e164))
    await dialog.waitFor({ state: 'detached' })
    await waitForTestId(page, 'authenticated', 'true')
    await page.getByRole('button', { name: 'Log out' }).click()
    await waitForTestId(page, 'authenticated', 'false')
    // Reopening at once, without a page load, shows the chip (it used to race).
    await page.getByRole('button', { name: 'Log in' }).click()
    await dialog.getByText('Recent').waitFor()
    await field.pressSequentially('(415) 555-2671')
    // The chip sits on the field's border: the field keeps its width and shows the whole number.
    expect(Math.abs(((await field.boundingBox())?.width ?? 0) - widthWithoutChip)).toBeLessThanOrEqual(1)
    const fits = await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)
    expect(fits).toBe(true)
  })

  test('behavior: link a phone to an email user through the modal, then unlink it', async () => {
    const { national, e164 } = freshPhone()
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('sms-link'))
    expect(await page.getByTestId('user-phone').textContent()).toBe('none')
    await page.getByRole('button', { name: 'Link phone' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Link phone' }).waitFor()
    const code = await requestSmsCode(national, e164)
    await typeCode(code)
    await dialog.getByText('Your account has been linked.').waitFor()
    await waitForTestId(page, 'user-phone', e164)
    await waitForTestId(page, 'phone-outcome', 'phone linked')
    await dialog.waitFor({ state: 'detached' })
    const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
    const types: string[] = user.linked_accounts.map((account: { type: string }) => account.type)
    expect(types.filter((type) => type !== 'wallet').sort()).toEqual(['email', 'phone']) // wallets: createOnLogin

    await page.getByRole('button', { name: 'Unlink phone' }).click()
    await waitForTestId(page, 'user-phone', 'none')
  })

  test('error: a region Twilio refuses shows "This region is not supported"; "Try another method" goes back', async () => {
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: 'Country' }).selectOption('CI')
    await dialog.getByRole('textbox', { name: 'Phone number' }).pressSequentially('0700000000')
    await dialog.getByRole('textbox', { name: 'Phone number' }).press('Enter')
    await dialog.getByRole('heading', { name: 'This region is not supported' }).waitFor()
    expect(await dialog.getByText('SMS authentication from this region is not available').isVisible()).toBe(
      true,
    )
    await dialog.getByRole('button', { name: 'Try another method' }).click()
    await dialog.getByRole('heading', { name: 'Log in or sign up' }).waitFor()
  })
})
