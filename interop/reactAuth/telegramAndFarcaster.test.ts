import { createFarcasterTestPhone } from '@foyer/server/testing'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { openPageForFile, page } from './support'

const { pageUrl, farcaster } = inject('interop')
const phone = createFarcasterTestPhone({ relayUrl: farcaster.relayUrl, authKey: farcaster.authKey })
// The last registered account: the Node client's tests take theirs from the front.
const account = farcaster.accounts[farcaster.accounts.length - 1]
openPageForFile(pageUrl)

describe('react-auth in Chromium: Telegram and Farcaster', () => {
  // react-auth loads the widget through `GET /js/telegram-login.js` on Foyer's origin and calls
  // `Telegram.Login.auth({ bot_id })`; the stand-in's popup signs the result for its default user (id 424242).
  test("login({ loginMethods: ['telegram'] }): the login widget's popup, accepted, signs in", async () => {
    await page.getByRole('button', { name: 'Log in with Telegram' }).click()
    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('dialog').getByRole('button', { name: 'Telegram', exact: true }).click()
    const popup = await popupOpened
    await popup.getByRole('heading', { name: /Log in to http:\/\/127\.0\.0\.1/ }).waitFor()
    await popup.getByRole('button', { name: 'Accept' }).click()
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('user-telegram').textContent()).toBe('424242')
  })

  test('logout(): signed out before the next method', async () => {
    await page.getByRole('button', { name: 'Log out' }).click()
    await waitForTestId(page, 'authenticated', 'false')
  })

  test("login({ loginMethods: ['farcaster'] }): the test phone approves the channel, the user signs in", async () => {
    if (!account) throw new Error('no Farcaster test account')
    await page.getByRole('button', { name: 'Log in with Farcaster' }).click()
    const init = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/farcaster/init') && response.request().method() === 'POST',
    )
    await page.getByRole('dialog').getByRole('button', { name: 'Farcaster' }).click()
    const { connect_uri } = (await (await init).json()) as { connect_uri: string }
    // The modal shows the channel as a QR code; the phone scans it and approves as the test account.
    const signer = privateKeyToAccount(account.privateKey) as unknown as Parameters<
      typeof phone.approve
    >[1]['signer']
    await phone.approve(connect_uri, { fid: account.fid, signer })
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('user-farcaster').textContent()).toBe(String(account.fid))
  })
})
