/** The modal's languages the demo offers, each named in itself. */
const LOCALES = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['ja', '日本語'],
  ['pt', 'Português'],
  ['zh-CN', '简体中文'],
] as const

/** The demo's own line under the landing heading, in each language. */
const LOGIN_MESSAGES: Record<string, string> = {
  en: 'Sign in to the Foyer demo',
  de: 'Melde dich bei der Foyer-Demo an',
  es: 'Inicia sesión en la demo de Foyer',
  fr: 'Connectez-vous à la démo Foyer',
  ja: 'Foyer デモにサインイン',
  pt: 'Entre na demonstração do Foyer',
  'zh-CN': '登录 Foyer 演示',
}

/** The page's `?locale=` (the provider's `intl.locale`), else `'en'`. */
export function demoLocale(): string {
  return new URLSearchParams(window.location.search).get('locale') || 'en'
}

/** The demo's landing line for `locale` (English for a language it has none in). */
export function demoLoginMessage(locale: string): string {
  return LOGIN_MESSAGES[locale] ?? LOGIN_MESSAGES[locale.split('-')[0] ?? ''] ?? 'Sign in to the Foyer demo'
}

/**
 * The demo's language picker: reloads the page with `?locale=` set, which the provider reads as
 * `intl.locale` (each language but English is loaded lazily by `@foyer/react`).
 */
export function LocalePicker() {
  const current = demoLocale()
  return (
    <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      Language
      <select
        data-testid="locale-picker"
        value={LOCALES.some(([code]) => code === current) ? current : 'en'}
        onChange={(event) => {
          const url = new URL(window.location.href)
          url.searchParams.set('locale', event.target.value)
          window.location.assign(url.href)
        }}
      >
        {LOCALES.map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  )
}
