// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ExportedKey } from '../frame/ExportedKey'
import { createExportView } from './createExportView'

const key: ExportedKey = {
  chainType: 'ethereum',
  address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  privateKey: `0x${'ab'.repeat(32)}`,
  mnemonic: 'abandon ability able about above absent absorb abstract absurd abuse access accident',
}

function render(exported: ExportedKey = key, query = '') {
  document.body.innerHTML = '<main id="foyer-export"></main>'
  const root = document.getElementById('foyer-export') as HTMLElement
  const view = createExportView(document, root, new URLSearchParams(query))
  view.show(exported)
  return root
}

const buttonNamed = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll('button')].find((button) => button.textContent === name)

afterEach(() => {
  document.documentElement.removeAttribute('style')
  vi.useRealTimers()
})

describe('createExportView', () => {
  test('default: a heading, both secrets hidden behind their warnings, the address shown', () => {
    const root = render()
    expect(root.querySelector('h1')?.textContent).toBe('Export your wallet')
    expect(root.textContent).not.toContain(key.privateKey)
    expect(root.textContent).not.toContain('abandon')
    expect(root.textContent).toContain('Anyone with your private key controls this wallet')
    expect(root.textContent).toContain('Your recovery phrase restores this wallet')
    expect(buttonNamed(root, 'Reveal private key')).toBeDefined()
    expect(buttonNamed(root, 'Reveal recovery phrase')).toBeDefined()
    expect(buttonNamed(root, 'Copy key')).toBeUndefined()
    expect(root.querySelector('.address code')?.textContent).toBe(key.address)
  })

  test('behavior: reveal is per secret; Hide hides it again', () => {
    const root = render()
    buttonNamed(root, 'Reveal private key')?.click()
    expect(root.querySelector('[aria-label="Private key"]')?.textContent).toBe(key.privateKey)
    expect(root.textContent).not.toContain('abandon')
    expect(document.activeElement).toBe(buttonNamed(root, 'Copy key'))

    buttonNamed(root, 'Reveal recovery phrase')?.click()
    const words = [...root.querySelectorAll('[aria-label="Recovery phrase"] li')].map((li) => li.textContent)
    expect(words).toEqual(key.mnemonic?.split(' '))
    expect(root.querySelector('ol[aria-label="Recovery phrase"]')?.textContent).toBe(key.mnemonic)

    buttonNamed(root, 'Hide')?.click() // the key's Hide comes first
    expect(root.textContent).not.toContain(key.privateKey)
    expect(document.activeElement).toBe(buttonNamed(root, 'Reveal private key'))
    expect(root.textContent).toContain('abandon')
  })

  test('behavior: Copy writes only the revealed secret and shows Copied', async () => {
    vi.useFakeTimers()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const root = render()
    buttonNamed(root, 'Reveal recovery phrase')?.click()
    const copy = buttonNamed(root, 'Copy phrase')
    copy?.click()
    await vi.waitFor(() => expect(copy?.textContent).toBe('Copied'))
    expect(writeText).toHaveBeenCalledWith(key.mnemonic)
    vi.advanceTimersByTime(1500)
    expect(copy?.textContent).toBe('Copy phrase')
  })

  test('behavior: no phrase section for a wallet exported without its phrase', () => {
    const root = render({ ...key, chainType: 'solana', mnemonic: null })
    expect(root.querySelectorAll('section')).toHaveLength(1)
    expect(buttonNamed(root, 'Reveal recovery phrase')).toBeUndefined()
  })

  test("behavior: locale 'de' renders the page in German, with lang and title", async () => {
    vi.useFakeTimers()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const root = render(key, 'locale=de')
    expect(document.documentElement.lang).toBe('de')
    expect(document.title).toBe('Foyer-Wallet-Export')
    expect(root.querySelector('h1')?.textContent).toBe('Wallet exportieren')
    expect(root.textContent).toContain('Wer deinen privaten Schlüssel hat, kontrolliert diese Wallet')
    expect(root.textContent).not.toContain('Anyone with your private key')
    expect(root.querySelector('.address span')?.textContent).toBe('Adresse')
    buttonNamed(root, 'Privaten Schlüssel anzeigen')?.click()
    expect(root.querySelector('[aria-label="Privater Schlüssel"]')?.textContent).toBe(key.privateKey)
    buttonNamed(root, 'Wiederherstellungsphrase anzeigen')?.click()
    expect(root.querySelector('ol[aria-label="Wiederherstellungsphrase"]')?.textContent).toBe(key.mnemonic)
    const copy = buttonNamed(root, 'Phrase kopieren')
    copy?.click()
    await vi.waitFor(() => expect(copy?.textContent).toBe('Kopiert'))
    expect(buttonNamed(root, 'Ausblenden')).toBeDefined()
  })

  test('error: an unknown locale renders English', () => {
    const root = render(key, 'locale=it')
    expect(document.documentElement.lang).toBe('en')
    expect(root.querySelector('h1')?.textContent).toBe('Export your wallet')
    expect(buttonNamed(root, 'Reveal private key')).toBeDefined()
  })

  test('behavior: the theme from the query becomes CSS variables', () => {
    render(key, 'accent=%23ff8800&background=%23000000&radius=4&font=Inter%2C%20sans-serif')
    const style = document.documentElement.style
    expect(style.getPropertyValue('--foyer-accent')).toBe('#ff8800')
    expect(style.getPropertyValue('--foyer-bg')).toBe('#000000')
    expect(style.getPropertyValue('--foyer-radius')).toBe('4px')
    expect(style.getPropertyValue('--foyer-font')).toBe('Inter, sans-serif')
  })

  test('behavior: Escape inside the page is passed to the host; other keys are not', () => {
    document.body.innerHTML = '<main id="foyer-export"></main>'
    const root = document.getElementById('foyer-export') as HTMLElement
    const onEscape = vi.fn()
    createExportView(document, root, new URLSearchParams(), { onEscape })
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    expect(onEscape).not.toHaveBeenCalled()
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(onEscape).toHaveBeenCalledTimes(1)
  })

  test('showCopyButtons: one row of Copy buttons; the secrets reach only the clipboard', async () => {
    document.body.innerHTML = '<main id="foyer-export"></main>'
    const root = document.getElementById('foyer-export') as HTMLElement
    const writeText = vi.fn(async (_text: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    createExportView(document, root, new URLSearchParams()).showCopyButtons(key)
    expect(root.querySelectorAll('.copy-row button')).toHaveLength(2)
    expect(root.textContent).not.toContain(key.privateKey)
    expect(root.textContent).not.toContain('abandon')
    buttonNamed(root, 'Copy key')?.click()
    buttonNamed(root, 'Copy phrase')?.click()
    expect(writeText.mock.calls).toEqual([[key.privateKey], [key.mnemonic]])
    await vi.waitFor(() => expect(root.querySelectorAll('.copy-row button')[0]?.textContent).toBe('Copied'))

    createExportView(document, root, new URLSearchParams()).showCopyButtons({ ...key, mnemonic: null })
    expect([...root.querySelectorAll('.copy-row button')].map((button) => button.textContent)).toEqual([
      'Copy key',
    ])
  })

  test('showError: the message as an alert, no secret', () => {
    document.body.innerHTML = '<main id="foyer-export"></main>'
    const root = document.getElementById('foyer-export') as HTMLElement
    createExportView(document, root, new URLSearchParams()).showError('Invalid access token')
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('Invalid access token')
  })
})
