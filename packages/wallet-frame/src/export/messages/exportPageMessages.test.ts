import { describe, expect, test } from 'vitest'
import { de } from './de'
import { en } from './en'
import { exportPageLocales, exportPageMessages } from './exportPageMessages'
import { zhCN } from './zhCN'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe('exportPageMessages', () => {
  test('default: the 7 languages the modal ships', () => {
    expect(Object.keys(exportPageLocales).sort()).toEqual(['de', 'en', 'es', 'fr', 'ja', 'pt', 'zh-CN'])
  })

  test.each(Object.entries(exportPageLocales))(
    'behavior: %s has every English key, translated, with the same placeholders',
    (locale, messages) => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort())
      for (const [key, english] of Object.entries(en)) {
        const text = messages[key as keyof typeof en]
        expect(typeof text === 'string' && text.trim().length > 0, `${locale}.${key}`).toBe(true)
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(english))
        // The product name stays as it is in every language.
        if (english.includes('Foyer')) expect(text, `${locale}.${key}`).toContain('Foyer')
        if (locale !== 'en') expect(text, `${locale}.${key}`).not.toBe(english)
      }
    },
  )

  test('behavior: a longer tag shows its language; zh shows Simplified Chinese unless Traditional', () => {
    expect(exportPageMessages('de')).toEqual({ lang: 'de', messages: de })
    expect(exportPageMessages('de-CH')).toEqual({ lang: 'de', messages: de })
    expect(exportPageMessages('pt-BR').lang).toBe('pt')
    expect(exportPageMessages('zh-CN')).toEqual({ lang: 'zh-CN', messages: zhCN })
    expect(exportPageMessages('zh-Hans-SG').lang).toBe('zh-CN')
    expect(exportPageMessages('zh-TW')).toEqual({ lang: 'en', messages: en })
  })

  test('error: unset, unknown or malformed locales show English', () => {
    for (const locale of [null, undefined, '', 'it', 'xx-YY', '<script>', 'constructor', '__proto__'])
      expect(exportPageMessages(locale), String(locale)).toEqual({ lang: 'en', messages: en })
  })
})
