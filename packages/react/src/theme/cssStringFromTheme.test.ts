import { describe, expect, test } from 'vitest'
import { cssStringFromTheme } from './cssStringFromTheme'
import { darkTheme } from './darkTheme'
import { lightTheme } from './lightTheme'
import { readableForeground } from './readableForeground'
import { resolveTheme } from './resolveTheme'

describe('cssStringFromTheme', () => {
  test('default', () => {
    const css = cssStringFromTheme(resolveTheme(undefined, undefined), 'abc')
    expect(css.startsWith('[data-foyer="abc"]{color-scheme:light;')).toBe(true)
    expect(css).toContain('--foyer-accent:#4338ca;--foyer-accent-fg:#ffffff;')
    expect(css).toContain('--foyer-radius-md:12px;')
  })

  test('behavior: dark scheme, custom accent, readable foreground', () => {
    const css = cssStringFromTheme(resolveTheme({ theme: 'dark', accentColor: '#ffee00' }, undefined), 'x')
    expect(css).toContain('color-scheme:dark')
    expect(css).toContain('--foyer-accent:#ffee00;--foyer-accent-fg:#111111;')
    expect(readableForeground('rgb(20, 20, 20)')).toBe('#ffffff')
  })

  test('behavior: a theme object sets every token', () => {
    const css = cssStringFromTheme(
      darkTheme({ background: '#000000', radius: { medium: 4 }, fontFamily: "'Inter', sans-serif" }),
      'x',
    )
    expect(css).toContain('--foyer-bg:#000000;')
    expect(css).toContain('--foyer-radius-md:4px;')
    expect(css).toContain("--foyer-font:'Inter', sans-serif;")
    expect(cssStringFromTheme(lightTheme(), 'x')).toContain('--foyer-fg:#111827;')
  })

  test('behavior: the scope keeps only safe characters', () => {
    expect(cssStringFromTheme(lightTheme(), '«r0»"]{}')).toMatch(/^\[data-foyer="r0"\]/)
  })
})
