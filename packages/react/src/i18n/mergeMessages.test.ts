import { describe, expect, test } from 'vitest'
import { allEnglish as en } from './allEnglish'
import type { MessagesOverride } from './MessagesOverride'
import { mergeMessages } from './mergeMessages'

describe('mergeMessages', () => {
  test('default', () => {
    const merged = mergeMessages(en, { landing: { header: 'Anmelden' } })
    expect(merged.landing.header).toBe('Anmelden')
    expect(merged.landing.submit).toBe(en.landing.submit)
  })

  test('behavior: later layers win; a key a layer lacks shows the one underneath', () => {
    const merged = mergeMessages(
      en,
      { landing: { header: 'Anmelden', submit: 'Senden' } },
      { landing: { header: 'Willkommen' } },
    )
    expect(merged.landing).toMatchObject({ header: 'Willkommen', submit: 'Senden', or: 'or' })
  })

  test('edge: unknown keys, unknown screens and non-string values are ignored', () => {
    const stray = { landing: { header: 42, nope: 'x' }, nowhere: { a: 'b' } } as unknown as MessagesOverride
    const merged = mergeMessages(en, stray, undefined)
    expect(merged.landing).toEqual(en.landing)
    expect(Object.keys(merged)).toEqual(Object.keys(en))
  })
})
