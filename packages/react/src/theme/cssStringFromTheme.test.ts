import { describe, expect, test } from 'vitest'
import { cssStringFromTheme, readableForeground } from './cssStringFromTheme'

describe('cssStringFromTheme', () => {
  test('default', () => {
    const css = cssStringFromTheme({ colorScheme: 'light', accent: undefined }, 'abc')
    expect(css.startsWith('[data-foyer="abc"]{color-scheme:light;')).toBe(true)
    expect(css).toContain('--foyer-accent:#4338ca;--foyer-accent-fg:#ffffff;')
  })

  test('behavior: dark scheme, custom accent, readable foreground', () => {
    const css = cssStringFromTheme({ colorScheme: 'dark', accent: '#ffee00' }, 'x')
    expect(css).toContain('color-scheme:dark')
    expect(css).toContain('--foyer-accent:#ffee00;--foyer-accent-fg:#111111;')
    expect(readableForeground('rgb(20, 20, 20)')).toBe('#ffffff')
  })

  test('behavior: the scope keeps only safe characters', () => {
    expect(cssStringFromTheme({ colorScheme: 'light', accent: undefined }, '«r0»"]{}')).toMatch(
      /^\[data-foyer="r0"\]/,
    )
  })
})
