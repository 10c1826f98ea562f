import { describe, expect, test } from 'vitest'
import { allEnglish as en } from '../allEnglish'
import type { MessagesOverride } from '../MessagesOverride'
import { de } from './de'
import { es } from './es'
import { fr } from './fr'
import { ja } from './ja'
import { pt } from './pt'
import { zhCN } from './zhCN'

const locales: Record<string, MessagesOverride> = { de, es, fr, ja, pt, 'zh-CN': zhCN }

/** Every `screen.key` of a messages object, with its text. */
function flatten(messages: object): Map<string, unknown> {
  return new Map(
    Object.entries(messages).flatMap(([screen, texts]) =>
      Object.entries(texts as object).map(([key, text]) => [`${screen}.${key}`, text] as const),
    ),
  )
}

/** The placeholder names of a text, sorted: `'{app} wants {n}'` → `['app', 'n']`. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort()
}

const english = flatten(en)

// Each shipped locale is complete. When a key is added to en.ts, this names it for every
// locale that lacks it (a missing key would otherwise show in English).
describe.each(Object.entries(locales))('locale %s', (_name, messages) => {
  const texts = flatten(messages)

  test('behavior: has every key of en.ts, and no other', () => {
    expect([...english.keys()].filter((key) => !texts.has(key))).toEqual([])
    expect([...texts.keys()].filter((key) => !english.has(key))).toEqual([])
  })

  test('behavior: every text is a non-empty string with the same placeholders as English', () => {
    const wrong = [...english].flatMap(([key, source]) => {
      const text = texts.get(key)
      if (text === undefined) return []
      if (typeof text !== 'string' || text.trim() === '') return [`${key}: empty`]
      const expected = placeholders(String(source))
      return JSON.stringify(placeholders(text)) === JSON.stringify(expected)
        ? []
        : [`${key}: ${JSON.stringify(placeholders(text))} instead of ${JSON.stringify(expected)}`]
    })
    expect(wrong).toEqual([])
  })

  test('behavior: the product name stays Foyer', () => {
    const named = [...english].filter(([, source]) => String(source).includes('Foyer'))
    expect(named.filter(([key]) => !String(texts.get(key)).includes('Foyer')).map(([key]) => key)).toEqual([])
  })
})

test('error: the check names a missing key and a changed placeholder', () => {
  const broken = flatten({ modal: { close: 'Schließen', logoAlt: 'Logo von {name}' } })
  expect([...english.keys()].filter((key) => !broken.has(key))).toContain('modal.back')
  expect(placeholders(String(broken.get('modal.logoAlt')))).not.toEqual(placeholders(en.modal.logoAlt))
})
