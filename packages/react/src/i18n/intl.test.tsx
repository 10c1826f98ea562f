import { cleanup, renderHook, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderFoyerAndOpen } from '../../test/renderFoyer'
import { findDialog, renderWalletUi, testWallet } from '../../test/renderWallet'
import { testSendPrompt } from '../../test/testSendPrompt'
import { allEnglish as en } from './allEnglish'
import { useLocaleMessages } from './useLocaleMessages'

afterEach(cleanup)

// Choice: English shows at once and the locale's texts replace it when its chunk arrives
// (the provider starts loading it on mount, so usually before the modal opens); the modal never waits
// on a chunk, and stays English should the chunk fail to load.
describe('intl', () => {
  test('default: English at once, then the locale once its chunk has loaded', async () => {
    const { result } = renderHook(() => useLocaleMessages({ locale: 'es-MX' }))
    expect(result.current.language).toBe('en')
    expect(result.current.messages.landing.header).toBe(en.landing.header)
    // Numbers follow the host's tag from the start (Mexican Spanish groups with a comma).
    expect(result.current.format.locale).toBe('es-MX')
    expect(result.current.format.decimal('1234567.5')).toBe('1,234,567.5')
    await waitFor(() => expect(result.current.language).toBe('es'))
    expect(result.current.messages.landing.header).toBe('Inicia sesión o regístrate')
  })

  test("behavior: locale 'de' renders the landing in German", async () => {
    const { dialog } = await renderFoyerAndOpen({ config: { intl: { locale: 'de' } } })
    await screen.findByRole('dialog', { name: 'Anmelden oder registrieren' }, { timeout: 5000 })
    expect(within(dialog).getByRole('textbox', { name: 'E-Mail-Adresse' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Senden' })).toBeTruthy()
    expect(within(dialog).getByText('Geschützt durch Foyer')).toBeTruthy()
    expect(dialog.getAttribute('lang')).toBe('de')
  })

  test("behavior: a host's intl.messages win over the locale's and English texts", async () => {
    const { dialog } = await renderFoyerAndOpen({
      config: {
        intl: { locale: 'fr', messages: { landing: { header: 'Bienvenue chez Acme', submit: 'Go' } } },
      },
    })
    // The host's texts show at once; the French texts are a lazy chunk, slow under a loaded test run,
    // so wait for a French text itself rather than for the host's header.
    await screen.findByRole('dialog', { name: 'Bienvenue chez Acme' }, { timeout: 5000 })
    expect(
      await within(dialog).findByRole('textbox', { name: 'Adresse e-mail' }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Go' })).toBeTruthy()
    cleanup()

    const english = await renderFoyerAndOpen({
      config: { intl: { messages: { modal: { close: 'Dismiss' } } } },
    })
    expect(within(english.dialog).getByRole('button', { name: 'Dismiss' })).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Log in or sign up' })).toBeTruthy()
  })

  test('behavior: amounts are formatted for the locale, every digit kept', async () => {
    const { prompt } = await renderWalletUi({ config: { intl: { locale: 'de-DE' } } })
    prompt(
      testSendPrompt(
        { waitForReceipt: vi.fn() },
        { to: testWallet.address as `0x${string}`, balance: 1_234_500_000_000_000_000_000n },
      ),
    )
    const dialog = await findDialog('Transaktion prüfen')
    await within(dialog).findByText('0,010042 ETH')
    expect(within(dialog).getByText('0,01 ETH')).toBeTruthy()
    expect(within(dialog).getByText('1.234,5 ETH')).toBeTruthy()
  })

  test('edge: a new but equal intl.messages object keeps the same texts', () => {
    const { result, rerender } = renderHook(
      ({ header }) => useLocaleMessages({ messages: { landing: { header } } }),
      { initialProps: { header: 'Welcome' } },
    )
    const first = result.current.messages
    expect(first.landing.header).toBe('Welcome')
    rerender({ header: 'Welcome' })
    expect(result.current.messages).toBe(first)
    rerender({ header: 'Hello' })
    expect(result.current.messages.landing.header).toBe('Hello')
  })

  test('edge: a locale Foyer does not ship shows English texts; a malformed one is English', async () => {
    const italian = renderHook(() => useLocaleMessages({ locale: 'it-IT' }))
    expect(italian.result.current.language).toBe('en')
    expect(italian.result.current.messages.landing.header).toBe(en.landing.header)
    expect(italian.result.current.format.decimal('1234567.5')).toBe('1.234.567,5')
    const malformed = renderHook(() => useLocaleMessages({ locale: 'not a locale' }))
    // The sign-in texts at once, the whole English copy once the later chunk has loaded.
    expect(malformed.result.current.messages.landing).toEqual(en.landing)
    await waitFor(() => expect(malformed.result.current.messages).toEqual(en))
    expect(malformed.result.current.format.locale).toBe('en')
  })
})
