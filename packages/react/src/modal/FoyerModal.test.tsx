import { act, cleanup, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, test } from 'vitest'
import { renderFoyerAndOpen, submitEmail } from '../../test/renderFoyer'

afterEach(cleanup)

/** axe on the dialog; rules that need real layout or rendering are off in happy-dom. */
async function axeViolations(element: Element) {
  const result = await axe.run(element, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  })
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  )
}

describe('FoyerModal', () => {
  test('default', async () => {
    const { dialog } = await renderFoyerAndOpen()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const heading = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')
    expect(heading?.textContent).toBe('Log in or sign up')
    expect(screen.getByRole('dialog', { name: 'Log in or sign up' })).toBe(dialog)
    const root = dialog.closest('[data-foyer]')
    expect(root).not.toBeNull()
    // One style element of ours (Radix's scroll lock adds its own to <head> while open).
    expect(document.querySelectorAll('[data-foyer] style')).toHaveLength(1)
    expect(document.querySelector('[data-foyer] style')?.hasAttribute('nonce')).toBe(false)
  })

  test('behavior: the nonce reaches every style element the modal injects, the scroll lock included', async () => {
    const { user } = await renderFoyerAndOpen({ nonce: 'r4nd0mN0nce' })
    const styles = [...document.querySelectorAll('style')]
    const theme = document.querySelector('[data-foyer] style')
    const scrollLock = styles.find((style) => style.textContent?.includes('body[data-scroll-locked]'))
    expect(theme?.getAttribute('nonce')).toBe('r4nd0mN0nce')
    expect(scrollLock?.getAttribute('nonce')).toBe('r4nd0mN0nce')
    expect(styles.length).toBeGreaterThanOrEqual(2)
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('r4nd0mN0nce')
    // A later screen keeps it (the theme's style element is the same one, re-rendered).
    await submitEmail(user)
    expect(document.querySelector('[data-foyer] style')?.getAttribute('nonce')).toBe('r4nd0mN0nce')
  })

  test('behavior: the dialog is named by each screen heading', async () => {
    const { user } = await renderFoyerAndOpen()
    await submitEmail(user)
    expect(screen.getByRole('dialog', { name: 'Enter confirmation code' })).toBeTruthy()
  })

  test('behavior: every style rule is scoped under [data-foyer]', async () => {
    await renderFoyerAndOpen({ config: { appearance: { accentColor: '#ff8800', theme: 'dark' } } })
    const css = document.querySelector('[data-foyer] style')?.textContent ?? ''
    const selectors = css
      .replace(/@keyframes[^{]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '')
      .replace(/@media[^{]+\{/g, '')
      .match(/(^|\})\s*([^{}@]+)\{/g)
      ?.map((match) => match.replace(/^\}?\s*/, '').replace(/\{$/, ''))
      .flatMap((selector) => selector.split(','))
      .filter((selector) => selector.trim() !== '' && !/^(from|to|\d+%)$/.test(selector.trim()))
    expect(selectors?.length).toBeGreaterThan(10)
    for (const selector of selectors ?? []) expect(selector.trim().startsWith('[data-foyer')).toBe(true)
    expect(css).toContain('--foyer-accent:#ff8800;')
    expect(css).toContain('color-scheme:dark')
    expect(css).toMatch(
      /@media \(max-width:440px\)\{\[data-foyer\] \.foyer-content\{top:auto;bottom:0;left:0;right:0;/,
    )
    expect(css).toContain('width:360px')
  })

  test('behavior: an unsafe accent color is ignored', async () => {
    await renderFoyerAndOpen({ config: { appearance: { accentColor: 'red;}body{display:none' } } })
    const css = document.querySelector('[data-foyer] style')?.textContent ?? ''
    expect(css).not.toContain('display:none')
    expect(css).toContain('--foyer-accent:#4338ca;')
  })

  test('behavior: Escape closes, focus returns to the trigger, landing comes back', async () => {
    const { user, trigger } = await renderFoyerAndOpen()
    await submitEmail(user)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(trigger)
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    await user.click(trigger)
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeTruthy()
  })

  test('behavior: Log in at once after closing (within the 150 ms reset delay) opens the landing, not the closed screen', async () => {
    const { user, trigger } = await renderFoyerAndOpen()
    await submitEmail(user)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(trigger)
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeTruthy()
    expect(screen.queryByText('Enter confirmation code')).toBeNull()
  })

  test('behavior: the Close button closes', async () => {
    const { user } = await renderFoyerAndOpen()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test("behavior: Close comes first in the tab order, as it is drawn; the screen's first control takes focus on open", async () => {
    const { dialog } = await renderFoyerAndOpen()
    const email = await screen.findByRole('textbox', { name: 'Email address' })
    const controls = [...dialog.querySelectorAll('button, input')]
    expect(controls[0]).toBe(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(document.activeElement).toBe(email))
  })

  test('behavior: focus is trapped in the dialog', async () => {
    const { user, dialog } = await renderFoyerAndOpen()
    for (let index = 0; index < 5; index++) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
  })

  test('behavior: no axe violations on the landing screen', async () => {
    const { dialog } = await renderFoyerAndOpen()
    expect(await axeViolations(dialog)).toEqual([])
  })

  test('behavior: no axe violations on the code screen, with and without an error', async () => {
    const { user, dialog } = await renderFoyerAndOpen()
    await submitEmail(user)
    expect(await axeViolations(dialog)).toEqual([])
    await user.keyboard('000000')
    await screen.findByRole('alert')
    expect(await axeViolations(dialog)).toEqual([])
  })
})
