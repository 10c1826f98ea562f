import { TELEGRAM_WIDGET_SCRIPT_URL } from '@foyer/protocol'
import type { ServerContext } from '../../ServerContext'

/** Path of the Telegram login loader on the server's origin (docs/linked-accounts.md#telegram-login-script). */
export const TELEGRAM_LOADER_PATH = '/js/telegram-login.js'

/** How long browsers and caches may keep the loader, in seconds (it changes only with the server's config). */
export const TELEGRAM_LOADER_MAX_AGE_SECONDS = 3600

/** Options of the Telegram login loader (`CreateAppOptions.telegram`). */
export type TelegramOptions = {
  /**
   * The login widget script the loader loads; default Telegram's
   * https://telegram.org/js/telegram-widget.js?22 (a stand-in's `scriptUrl` locally). http(s) only.
   */
  widgetScriptUrl?: string
}

/** {@link TelegramOptions} with the default applied. */
export type TelegramSettings = { widgetScriptUrl: string }

/**
 * Resolves {@link TelegramOptions}: the widget script URL, which must be an absolute http(s) URL.
 *
 * @throws {Error} when `widgetScriptUrl` is not an absolute http(s) URL (a start-up configuration error).
 */
export function resolveTelegramOptions(options: TelegramOptions | undefined): TelegramSettings {
  const widgetScriptUrl = options?.widgetScriptUrl ?? TELEGRAM_WIDGET_SCRIPT_URL
  let protocol = ''
  try {
    protocol = new URL(widgetScriptUrl).protocol
  } catch {}
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new Error(`telegram.widgetScriptUrl must be an absolute http(s) URL, not ${widgetScriptUrl}`)
  return { widgetScriptUrl }
}

/**
 * The JavaScript of `GET /js/telegram-login.js` (docs/linked-accounts.md#telegram-login-script): it inserts,
 * right after its own `<script>` element, a script element that loads `widgetScriptUrl`, carrying over the
 * loader element's `data-*` attributes (`data-telegram-login`, `data-request-access`, `data-onauth`, …) and
 * its CSP `nonce`, so Telegram's widget starts exactly as if the page had loaded it directly. The URL is
 * embedded as a JSON string literal.
 */
export function telegramLoaderScript(widgetScriptUrl: string): string {
  return `/* Foyer: loads Telegram's login widget script with this element's data-* attributes. */
(function () {
  var loader = document.currentScript;
  var script = document.createElement('script');
  script.async = true;
  script.src = ${JSON.stringify(widgetScriptUrl)};
  if (loader) {
    for (var i = 0; i < loader.attributes.length; i++) {
      var attribute = loader.attributes[i];
      if (attribute.name.indexOf('data-') === 0) script.setAttribute(attribute.name, attribute.value);
    }
    if (loader.nonce) script.nonce = loader.nonce;
  }
  if (loader && loader.parentNode) loader.parentNode.insertBefore(script, loader.nextSibling);
  else document.head.appendChild(script);
})();
`
}

/** The context of the Telegram routes: the server's, and the `telegram()` method's resolved settings. */
export type TelegramContext = ServerContext & { telegram: TelegramSettings }
