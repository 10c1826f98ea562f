import { describe, expect, test } from 'vitest'
import { darkTheme } from './darkTheme'
import type { FoyerTheme } from './FoyerTheme'
import { lightTheme } from './lightTheme'
import { resolveTheme } from './resolveTheme'

describe('resolveTheme', () => {
  test('default: light, the app accent when the host sets none', () => {
    expect(resolveTheme(undefined, undefined)).toEqual(lightTheme())
    expect(resolveTheme({ theme: 'light' }, '#0f766e').accent).toBe('#0f766e')
    expect(resolveTheme({ theme: 'dark', accentColor: '#ffee00' }, '#0f766e')).toMatchObject({
      colorScheme: 'dark',
      accent: '#ffee00',
      accentForeground: '#111111',
    })
  })

  test('behavior: a theme object is used token by token; accentColor does not apply to it', () => {
    const theme = darkTheme({ accent: '#f59e0b', fontFamily: "'Inter', sans-serif" })
    expect(resolveTheme({ theme, accentColor: '#000000' }, '#0f766e')).toEqual(theme)
  })

  test('error: unsafe host values fall back to the base theme', () => {
    const hostile = {
      ...lightTheme(),
      colorScheme: 'dark',
      accent: 'red;}body{display:none',
      background: 'url(https://evil.example/x.png)',
      text: 42,
      radius: { small: -3, medium: 1e9, large: Number.NaN },
      fontFamily: 'x;}*{display:none',
    } as unknown as FoyerTheme
    const resolved = resolveTheme({ theme: hostile }, undefined)
    const dark = darkTheme()
    expect(resolved.accent).toBe(dark.accent)
    expect(resolved.accentForeground).toBe('#ffffff') // the object's own, valid
    expect(resolved.background).toBe(dark.background)
    expect(resolved.text).toBe(dark.text)
    expect(resolved.radius).toEqual({ small: 0, medium: 32, large: 16 })
    expect(resolved.fontFamily).toBe(dark.fontFamily)
    expect(resolveTheme({ theme: 'light', accentColor: 'javascript:alert(1)' }, 'nope').accent).toBe(
      lightTheme().accent,
    )
  })
})
