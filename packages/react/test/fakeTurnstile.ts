import type { Turnstile, TurnstileRenderParameters } from '@foyer/core/captcha'
import { vi } from 'vitest'

/**
 * What the fake widget does when executed: pass at once with a fresh token, fail with Turnstile's "always
 * blocks" code, wait for the test (`pass()`), or show an "I am human" checkbox in its container.
 */
export type FakeTurnstileMode = 'pass' | 'fail' | 'manual' | 'interactive'

/**
 * An in-test `window.turnstile` (Cloudflare's browser API is outside the machine): the same render / execute /
 * reset / remove calls and callbacks, with tokens `token-1`, `token-2`… Install it with
 * `vi.stubGlobal('turnstile', fake.turnstile)`.
 */
export function createFakeTurnstile(initialMode: FakeTurnstileMode = 'pass') {
  let mode = initialMode
  let issued = 0
  let lastId = 0
  const widgets = new Map<string, { container: HTMLElement; options: TurnstileRenderParameters }>()
  let executing: string | undefined

  const widget = (id: string | undefined) => {
    const found = id === undefined ? undefined : widgets.get(id)
    if (!found) throw new Error(`no widget ${id}`)
    return found
  }
  const pass = (id = executing) => {
    const { container, options } = widget(id)
    container.replaceChildren()
    options.callback?.(`token-${++issued}`)
  }

  const turnstile = {
    render: vi.fn((container: string | HTMLElement, options: TurnstileRenderParameters) => {
      const id = `widget-${++lastId}`
      widgets.set(id, { container: container as HTMLElement, options })
      return id
    }),
    execute: vi.fn((id: string | HTMLElement) => {
      const key = String(id)
      executing = key
      const { container, options } = widget(key)
      if (mode === 'pass') pass(key)
      else if (mode === 'fail') options['error-callback']?.('300030')
      else if (mode === 'interactive') {
        options['before-interactive-callback']?.()
        const box = document.createElement('button')
        box.type = 'button'
        box.setAttribute('role', 'checkbox')
        box.setAttribute('aria-checked', 'false')
        box.setAttribute('aria-label', 'Verify you are human')
        box.addEventListener('click', () => pass(key))
        container.replaceChildren(box)
      }
    }),
    reset: vi.fn(),
    remove: vi.fn((id?: string) => {
      if (id !== undefined) {
        widgets.get(id)?.container.replaceChildren()
        widgets.delete(id)
      }
    }),
    getResponse: vi.fn(() => undefined),
  } satisfies Turnstile

  return {
    turnstile,
    /** Changes what the next executions do. */
    setMode(next: FakeTurnstileMode) {
      mode = next
    },
    /** Passes the widget being executed (mode `'manual'`). */
    pass: () => pass(),
    /** How many tokens were issued. */
    issued: () => issued,
  }
}
