import type { MessagesOverride } from './MessagesOverride'
import type { SupportedLocale } from './resolveLocale'

/**
 * Each non-English locale is its own chunk, fetched by the first provider that asks for it; English is
 * bundled (en.ts) and never loaded here.
 */
const loaders: Record<Exclude<SupportedLocale, 'en'>, () => Promise<MessagesOverride>> = {
  de: () => import('./locales/de').then((module) => module.de),
  es: () => import('./locales/es').then((module) => module.es),
  fr: () => import('./locales/fr').then((module) => module.fr),
  ja: () => import('./locales/ja').then((module) => module.ja),
  pt: () => import('./locales/pt').then((module) => module.pt),
  'zh-CN': () => import('./locales/zhCN').then((module) => module.zhCN),
}

const loaded = new Map<SupportedLocale, MessagesOverride>()
const pending = new Map<SupportedLocale, Promise<MessagesOverride>>()

/**
 * The messages of a shipped locale, loaded once per page (internal). English resolves to `{}` (the bundled
 * English shows as it is).
 *
 * @param locale - one of `SUPPORTED_LOCALES`
 * @returns the locale's texts (keys it lacks fall back to English)
 * @throws whatever the chunk's import throws (offline, a missing file); a later call tries again
 *
 * @example
 * const de = await loadLocaleMessages('de') // { landing: { header: 'Anmelden oder registrieren', … }, … }
 */
export function loadLocaleMessages(locale: SupportedLocale): Promise<MessagesOverride> {
  if (locale === 'en') return Promise.resolve({})
  const done = loaded.get(locale)
  if (done) return Promise.resolve(done)
  let promise = pending.get(locale)
  if (!promise) {
    promise = loaders[locale]()
      .then((messages) => {
        loaded.set(locale, messages)
        return messages
      })
      .finally(() => pending.delete(locale))
    pending.set(locale, promise)
  }
  return promise
}

/** The messages of `locale` when already loaded (no wait), else `undefined` (internal). */
export function loadedLocaleMessages(locale: SupportedLocale): MessagesOverride | undefined {
  return locale === 'en' ? {} : loaded.get(locale)
}
