/** The locales whose messages Foyer ships: English (bundled) and the lazily loaded others. */
export const SUPPORTED_LOCALES = ['en', 'de', 'es', 'fr', 'ja', 'pt', 'zh-CN'] as const

/** One of {@link SUPPORTED_LOCALES}. */
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number]

/**
 * Reads a host's `intl.locale` (a BCP 47 tag such as `'de'`, `'fr-CA'`, `'zh-Hans-CN'`) (internal).
 *
 * @param locale - the host's tag; unset, empty or malformed means English
 * @returns `tag`: the canonical tag numbers and dates are formatted for (`Intl`), e.g. `'de-CH'`;
 *   `messages`: the shipped locale whose texts show — the same language (Simplified Chinese for `zh`
 *   unless the tag names Traditional script or Taiwan, Hong Kong or Macao), else `'en'`
 *
 * @example
 * resolveLocale('de-CH') // { tag: 'de-CH', messages: 'de' }
 * resolveLocale('pt-BR') // { tag: 'pt-BR', messages: 'pt' }
 * resolveLocale('it')    // { tag: 'it', messages: 'en' }
 */
export function resolveLocale(locale: string | undefined): { tag: string; messages: SupportedLocale } {
  let tag = 'en'
  try {
    tag = (locale && Intl.getCanonicalLocales(locale)[0]) || 'en'
  } catch {
    // RangeError: not a BCP 47 tag. English.
  }
  const [language = 'en', ...subtags] = tag.toLowerCase().split('-')
  if (language === 'zh') {
    const traditional = subtags.some((subtag) => ['hant', 'tw', 'hk', 'mo'].includes(subtag))
    return { tag, messages: traditional ? 'en' : 'zh-CN' }
  }
  const shipped = SUPPORTED_LOCALES.find((candidate) => candidate === language)
  return { tag, messages: shipped ?? 'en' }
}
