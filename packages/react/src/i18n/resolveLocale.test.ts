import { describe, expect, test } from 'vitest'
import { resolveLocale } from './resolveLocale'

describe('resolveLocale', () => {
  test('default', () => {
    expect(resolveLocale(undefined)).toEqual({ tag: 'en', messages: 'en' })
    expect(resolveLocale('de')).toEqual({ tag: 'de', messages: 'de' })
  })

  test('behavior: a regional tag shows its language and keeps its region for formats', () => {
    expect(resolveLocale('de-CH')).toEqual({ tag: 'de-CH', messages: 'de' })
    expect(resolveLocale('pt-br')).toEqual({ tag: 'pt-BR', messages: 'pt' })
    expect(resolveLocale('fr-CA')).toEqual({ tag: 'fr-CA', messages: 'fr' })
  })

  test('behavior: Chinese is Simplified unless the tag names Traditional script or its regions', () => {
    expect(resolveLocale('zh').messages).toBe('zh-CN')
    expect(resolveLocale('zh-Hans-SG').messages).toBe('zh-CN')
    expect(resolveLocale('zh-TW').messages).toBe('en')
    expect(resolveLocale('zh-Hant').messages).toBe('en')
  })

  test('edge: an unshipped language shows English; a malformed tag is English', () => {
    expect(resolveLocale('it')).toEqual({ tag: 'it', messages: 'en' })
    expect(resolveLocale('not a locale')).toEqual({ tag: 'en', messages: 'en' })
    expect(resolveLocale('')).toEqual({ tag: 'en', messages: 'en' })
  })
})
