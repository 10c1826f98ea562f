import type { ConsoleMessage, Route } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { waitForMessage } from './support/readMailbox'
import { stack, useSharedStack } from './support/sharedStack'
import {
  freshEmail,
  openDemo,
  requestEmailCode,
  signInWithEmail,
  waitForTestId,
} from './support/signInWithEmail'

// The modal's polish that only a browser shows: the landing does not jump, the mobile
// drawer stays on the screen of a page wider than it, and export opens without a console warning.
useSharedStack()
useBrowser({
  page: 'file',
  contextOptions: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  timeout: 20_000,
})

/** Whether `name`'s button lies wholly inside the 390 × 844 screen. */
async function onScreen(dialogName: string, name: string): Promise<boolean> {
  const box = await page.getByRole('dialog', { name: dialogName }).getByRole('button', { name }).boundingBox()
  const viewport = await page.evaluate(() => ({
    width: window.visualViewport?.width ?? window.innerWidth,
    height: window.visualViewport?.height ?? window.innerHeight,
    left: window.visualViewport?.pageLeft ?? window.scrollX,
    top: window.visualViewport?.pageTop ?? window.scrollY,
  }))
  if (!box) return false
  // `boundingBox` is relative to the main frame's viewport (the visual viewport's origin at scroll 0).
  return (
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height
  )
}

describe('modal polish in Chromium', () => {
  test("behavior: the landing does not move when the phone row arrives ('Continue with a wallet' stays put)", async () => {
    // The phone form's chunk (libphonenumber-js) arrives 800 ms late, as over a slow network.
    await page.route('**/PhoneForm/PhoneForm.tsx*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800))
      await route.continue()
    })
    // Desktop, without the opening animation (it moves everything for 150 ms).
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    const wallet = dialog.getByRole('button', { name: 'Continue with a wallet' })
    const tops: number[] = []
    for (let sample = 0; sample < 8; sample++) {
      tops.push((await wallet.boundingBox())?.y ?? Number.NaN)
      await page.waitForTimeout(60)
    }
    await dialog.getByRole('textbox', { name: 'Phone number' }).waitFor()
    tops.push((await wallet.boundingBox())?.y ?? Number.NaN)
    expect(tops.map(Math.round)).toEqual(tops.map(() => Math.round(tops[0] ?? 0)))
    await page.unroute('**/PhoneForm/PhoneForm.tsx*')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.emulateMedia({ reducedMotion: null })
    await page.setViewportSize({ width: 390, height: 844 })
  })

  test('behavior: digits typed at once after Submit all reach the code screen; no loading frame on a slow chunk', async () => {
    // The code screen's chunk arrives 1.5 s late, as over a slow network, and the code request is held until
    // the digits are typed: they are typed while it is in flight, before the code screen exists.
    await page.route('**/AwaitingCode/AwaitingCode.tsx*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const holdCodeRequest = async (route: Route) => {
      const response = await route.fetch()
      await released
      await route.fulfill({ response })
    }
    await page.route('**/api/v1/passwordless/init', holdCodeRequest)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openDemo(page, stack.demoUrl)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    const email = freshEmail('typeahead')
    await dialog.getByPlaceholder('your@email.com').fill(email)
    // Every animation frame until the dialog closes: its height, and whether it shows the loading state.
    await page.evaluate(() => {
      const frames: { height: number; loading: boolean; codeScreen: boolean }[] = []
      ;(window as unknown as { frames_: typeof frames }).frames_ = frames
      const sample = () => {
        const content = document.querySelector<HTMLElement>('[role="dialog"]')
        if (!content) return
        frames.push({
          height: Math.round(content.getBoundingClientRect().height),
          loading: [...content.querySelectorAll('[role="status"]')].some((element) =>
            element.textContent?.startsWith('Loading'),
          ),
          codeScreen: content.querySelector('input[autocomplete="one-time-code"]') !== null,
        })
        requestAnimationFrame(sample)
      }
      requestAnimationFrame(sample)
    })
    const since = Date.now()
    await dialog
      .locator('form', { has: page.getByPlaceholder('your@email.com') })
      .getByRole('button', { name: 'Submit' })
      .click()
    const { code } = await waitForMessage(stack.apiUrl, { to: email, since })
    await page.keyboard.type(code ?? '')
    release()
    // All six digits arrived: the code signs in.
    await dialog.waitFor({ state: 'detached' })
    await waitForTestId(page, 'authenticated', 'true')
    const frames = await page.evaluate(
      () =>
        (window as unknown as { frames_: { height: number; loading: boolean; codeScreen: boolean }[] })
          .frames_,
    )
    expect(frames.filter((frame) => frame.loading)).toEqual([])
    // Landing until the code screen, then the code screen: no box of another height between them.
    const firstCode = frames.findIndex((frame) => frame.codeScreen)
    expect(firstCode).toBeGreaterThan(0)
    expect(new Set(frames.slice(0, firstCode).map((frame) => frame.height)).size).toBe(1)
    await page.unroute('**/api/v1/passwordless/init', holdCodeRequest)
    await page.unroute('**/AwaitingCode/AwaitingCode.tsx*')
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    await page.emulateMedia({ reducedMotion: null })
    await page.setViewportSize({ width: 390, height: 844 })
  })

  test('behavior: a signed-out page load and a wrong code log no console error or warning of the SDK', async () => {
    const errors: string[] = []
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning')
        errors.push(`${message.type()}: ${message.text()} ${message.location().url}`)
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await openDemo(page, stack.demoUrl)
    if ((await page.getByTestId('authenticated').textContent()) !== 'true')
      await signInWithEmail(page, stack.apiUrl, freshEmail('signedout'))
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    page.on('console', onConsole)
    // A signed-out page load.
    await openDemo(page, stack.demoUrl)
    const { dialog, code } = await requestEmailCode(page, stack.apiUrl, freshEmail('wrongcode'))
    await dialog.getByLabel('Digit 1 of 6').click()
    await page.keyboard.type(code === '000000' ? '111111' : '000000')
    await dialog.getByText('Invalid or expired verification code').waitFor()
    page.off('console', onConsole)
    // Only Chromium's own network line for the refused code (an expected 401, as the wire has it): nothing
    // from the SDK, on the signed-out page load (no refresh answered 401) nor on the wrong code.
    expect(errors).toEqual([
      expect.stringMatching(
        /^error: Failed to load resource: the server responded with a status of 401 .*\/api\/v1\/passwordless\/authenticate$/,
      ),
    ])
    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 390, height: 844 })
  })

  test('behavior: on a page wider than the 390 px screen the drawer stays on screen; Approve and Done too', async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('polish'))
    await page.getByTestId('wallet-address').waitFor({ timeout: 30_000 })
    // The host page grows wider than the screen and is scrolled sideways.
    await page.evaluate(() => {
      const wide = document.createElement('div')
      wide.style.cssText = 'width:1400px;height:20px;background:#eee'
      document.body.prepend(wide)
    })
    // Playwright's pointer misses on a layout viewport wider than the screen: buttons are clicked from script.
    await page.getByRole('button', { name: 'Sign message', exact: true }).evaluate((element) => {
      const button = element as HTMLElement
      button.focus() // as a tap does
      button.click()
    })
    const sign = page.getByRole('dialog', { name: 'Sign message' })
    await sign.waitFor()
    expect(await onScreen('Sign message', 'Approve')).toBe(true)
    await sign.getByRole('button', { name: 'Approve' }).evaluate((button) => (button as HTMLElement).click())
    await sign.waitFor({ state: 'detached' })

    const warnings: string[] = []
    page.on('console', (message) => {
      // Network failures are the demo's own (its balance polls chains this stack does not start).
      const text = message.text()
      if (
        message.type() === 'warning' ||
        (message.type() === 'error' && !text.startsWith('Failed to load resource'))
      )
        warnings.push(text)
    })
    await page.getByRole('button', { name: 'Export wallet' }).evaluate((element) => {
      const button = element as HTMLElement
      button.focus() // as a tap does
      button.click()
    })
    const exportDialog = page.getByRole('dialog', { name: 'Transfer wallet' })
    await exportDialog.waitFor()
    // The key stays hidden until revealed: the frame has loaded when its reveal button shows.
    await exportDialog
      .locator('iframe')
      .contentFrame()
      .getByRole('button', { name: 'Reveal private key' })
      .waitFor()
    expect(await onScreen('Transfer wallet', 'Done')).toBe(true)
    expect(warnings).toEqual([])
    await exportDialog
      .getByRole('button', { name: 'Done' })
      .evaluate((button) => (button as HTMLElement).click())
    await exportDialog.waitFor({ state: 'detached' })
  })

  test('behavior: the demo page fits a 390 px phone, signed in (every panel) and signed out', async () => {
    // A fresh load (the wide element of the test above is gone), signed in.
    await openDemo(page, stack.demoUrl)
    if ((await page.getByTestId('authenticated').textContent()) !== 'true')
      await signInWithEmail(page, stack.apiUrl, freshEmail('narrow'))
    await page.getByTestId('wallet-address').waitFor({ timeout: 30_000 })
    // The elements that stick out on the right (none: the page does not scroll sideways).
    const overflow = () =>
      page.evaluate(() => {
        const width = document.documentElement.clientWidth
        return [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > width + 0.5)
          .filter((element) => !element.closest('pre')) // a <pre> scrolls inside itself
          .map((element) => `${element.tagName.toLowerCase()} ${element.textContent?.slice(0, 40)}`)
      })
    expect(await overflow()).toEqual([])
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(await overflow()).toEqual([])
  })
})
