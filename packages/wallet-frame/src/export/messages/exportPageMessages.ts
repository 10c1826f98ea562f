import { de } from './de'
import { type ExportPageMessages, en } from './en'
import { es } from './es'
import { fr } from './fr'
import { ja } from './ja'
import { pt } from './pt'
import { zhCN } from './zhCN'

/** The export page's texts by locale: the 7 languages the modal ships. */
export const exportPageLocales: Record<string, ExportPageMessages> = {
  en,
  de,
  es,
  fr,
  ja,
  pt,
  'zh-CN': zhCN,
}

/**
 * The export page's texts for the `locale` query field (the modal's language, e.g. `'de'` or `'zh-CN'`): the
 * same language for a longer tag (`'pt-BR'` → pt; `zh` → Simplified Chinese unless it names Traditional
 * script or Taiwan, Hong Kong or Macao, as the modal does), English for anything else (unset, unknown,
 * malformed).
 *
 * @returns `lang`: the locale the texts are in, for `<html lang>`; `messages`: its texts
 * @example exportPageMessages('de-CH') // { lang: 'de', messages: de }
 */
export function exportPageMessages(locale: string | null | undefined): {
  lang: string
  messages: ExportPageMessages
} {
  const [language = '', ...subtags] = (locale ?? '').toLowerCase().split(/[-_]/)
  if (language === 'zh') {
    const traditional = subtags.some((subtag) => ['hant', 'tw', 'hk', 'mo'].includes(subtag))
    return traditional ? { lang: 'en', messages: en } : { lang: 'zh-CN', messages: zhCN }
  }
  const messages = Object.hasOwn(exportPageLocales, language) ? exportPageLocales[language] : undefined
  return messages ? { lang: language, messages } : { lang: 'en', messages: en }
}
