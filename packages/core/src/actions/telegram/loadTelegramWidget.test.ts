// @vitest-environment happy-dom
import { TELEGRAM_WIDGET_SCRIPT_URL } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { TelegramWidgetError } from '../../errors/TelegramWidgetError'
import { loadTelegramWidget } from './loadTelegramWidget'

const result = { id: 42, first_name: 'Ada', auth_date: 1_900_000_000, hash: 'a'.repeat(64) }

describe('loadTelegramWidget', () => {
  test("default: a script with the widget's data attributes; data-onauth reaches onAuth", async () => {
    const container = document.createElement('div')
    const received: unknown[] = []
    const widget = loadTelegramWidget({ container, botName: 'foyer_bot', onAuth: (r) => received.push(r) })
    const script = container.querySelector('script')
    expect(script?.getAttribute('src')).toBe(TELEGRAM_WIDGET_SCRIPT_URL)
    expect(script?.getAttribute('data-telegram-login')).toBe('foyer_bot')
    expect(script?.getAttribute('data-request-access')).toBe('write')
    expect(script?.getAttribute('data-auth-url')).toBeNull()
    // What the widget script does with data-onauth: evaluates it with `user` bound to the result.
    new Function('user', script?.getAttribute('data-onauth') ?? '')(result)
    expect(received).toEqual([result])
    script?.dispatchEvent(new Event('load'))
    await widget.loaded
    widget.remove()
    expect(container.childElementCount).toBe(0)
    expect(() => new Function('user', script?.getAttribute('data-onauth') ?? '')(result)).toThrow()
  })

  test('behavior: the redirect variant sets data-auth-url and no callback; the script URL is configurable', () => {
    const container = document.createElement('div')
    loadTelegramWidget({
      container,
      botName: 'foyer_bot',
      scriptUrl: 'http://127.0.0.1:9/js/telegram-widget.js',
      authUrl: 'https://app.example/back',
    })
    const script = container.querySelector('script')
    expect(script?.getAttribute('src')).toBe('http://127.0.0.1:9/js/telegram-widget.js')
    expect(script?.getAttribute('data-auth-url')).toBe('https://app.example/back')
    expect(script?.getAttribute('data-onauth')).toBeNull()
  })

  test("behavior: the page's CSP nonce is set on the script, none without it", () => {
    const container = document.createElement('div')
    loadTelegramWidget({ container, botName: 'foyer_bot', nonce: 'r4nd0mN0nce' })
    expect(container.querySelector('script')?.getAttribute('nonce')).toBe('r4nd0mN0nce')
    const plain = document.createElement('div')
    loadTelegramWidget({ container: plain, botName: 'foyer_bot' })
    expect(plain.querySelector('script')?.hasAttribute('nonce')).toBe(false)
  })

  test('behavior: removed before its script ran (a double mount), the widget stays attached and hidden until it has', async () => {
    const container = document.createElement('div')
    const first = loadTelegramWidget({ container, botName: 'foyer_bot' })
    const script = container.querySelector('script') as HTMLScriptElement
    first.remove()
    // The script, still to run, keeps a parent to insert its button beside (else Telegram's script throws).
    expect(script.parentElement?.hidden).toBe(true)
    expect(script.parentElement?.parentElement).toBe(container)
    const second = loadTelegramWidget({ container, botName: 'foyer_bot' })
    script.dispatchEvent(new Event('load'))
    await first.loaded
    expect(container.contains(script)).toBe(false)
    // Only the second widget is left, shown.
    expect(container.querySelectorAll('script')).toHaveLength(1)
    expect(container.querySelector('div')?.hidden).toBe(false)
    second.remove()
  })

  test('error: a script that fails to load rejects with TelegramWidgetError', async () => {
    const container = document.createElement('div')
    const widget = loadTelegramWidget({ container, botName: 'foyer_bot' })
    container.querySelector('script')?.dispatchEvent(new Event('error'))
    await expect(widget.loaded).rejects.toBeInstanceOf(TelegramWidgetError)
  })
})
