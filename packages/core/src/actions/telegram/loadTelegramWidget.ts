import { TELEGRAM_WIDGET_SCRIPT_URL, type TelegramAuthResult } from '@foyer/protocol'
import { TelegramWidgetError } from '../../errors/TelegramWidgetError'

/** Parameters of {@link loadTelegramWidget}. */
export type LoadTelegramWidgetParameters = {
  /** Where the widget renders its button (the script element goes in here). */
  container: HTMLElement
  /** The bot's username (`telegram_auth_config.bot_name`). */
  botName: string
  /** The widget script; default Telegram's https://telegram.org/js/telegram-widget.js?22. */
  scriptUrl?: string | undefined
  /** Called with the auth result once the user confirms (the widget's `data-onauth`). */
  onAuth?: ((result: TelegramAuthResult) => void) | undefined
  /** The redirect variant (`data-auth-url`): the page goes there with the result as query parameters. */
  authUrl?: string | undefined
  /** Button size: 'large' (default), 'medium', 'small'. */
  size?: 'large' | 'medium' | 'small' | undefined
  /**
   * The page's Content-Security-Policy nonce, set on the script element so a nonce-based `script-src`
   * allows it (docs/content-security-policy.md).
   */
  nonce?: string | undefined
}

/** What {@link loadTelegramWidget} returns. */
export type LoadTelegramWidgetReturnType = {
  /** Resolves once the script loaded; rejects with {@link TelegramWidgetError} when it does not. */
  loaded: Promise<void>
  /** Removes the widget and its callback. */
  remove(): void
}

let widgets = 0

/** What {@link loadTelegramWidget} throws (an action that calls others includes theirs). */
export type LoadTelegramWidgetErrorType = TelegramWidgetError

/**
 * Renders Telegram's login widget (docs/api.md; Telegram login widget
 * docs): a `<script async src=scriptUrl data-telegram-login=botName data-request-access="write">` in
 * `container`, with `data-onauth` calling `onAuth` through a per-widget global, or `data-auth-url`. The
 * script URL is configurable so tests and the demo use a local stand-in.
 *
 * @example
 * const widget = loadTelegramWidget({ container, botName: 'my_bot', onAuth: (authResult) => loginWithTelegram(client, { authResult }) })
 * await widget.loaded
 */
export function loadTelegramWidget(parameters: LoadTelegramWidgetParameters): LoadTelegramWidgetReturnType {
  const { container } = parameters
  const callbackName = `__foyerTelegramAuth${++widgets}`
  const globals = window as unknown as Record<string, unknown>
  const script = document.createElement('script')
  if (parameters.nonce) script.setAttribute('nonce', parameters.nonce)
  script.async = true
  script.src = parameters.scriptUrl ?? TELEGRAM_WIDGET_SCRIPT_URL
  script.setAttribute('data-telegram-login', parameters.botName)
  script.setAttribute('data-size', parameters.size ?? 'large')
  script.setAttribute('data-request-access', 'write')
  if (parameters.authUrl) script.setAttribute('data-auth-url', parameters.authUrl)
  else {
    globals[callbackName] = (result: TelegramAuthResult) => parameters.onAuth?.(result)
    script.setAttribute('data-onauth', `${callbackName}(user)`)
  }
  const loaded = new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => resolve(), { once: true })
    script.addEventListener(
      'error',
      () => reject(new TelegramWidgetError({ details: `Failed to load ${script.src}` })),
      { once: true },
    )
  })
  // Each widget in its own host element: the script inserts its button beside itself when it runs, so the
  // host stays in the page, hidden, until then, even when the widget is removed first (React's StrictMode
  // mounts twice); removing it earlier makes Telegram's script throw on a detached element.
  const host = document.createElement('div')
  host.append(script)
  container.append(host)
  let settled = false
  let removed = false
  const settle = () => {
    settled = true
    if (removed) host.remove()
  }
  loaded.then(settle, settle)
  return {
    loaded,
    remove() {
      delete globals[callbackName]
      removed = true
      if (settled) host.remove()
      else host.hidden = true
    },
  }
}
