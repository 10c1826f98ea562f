import axe from 'axe-core'
import { describe, expect, test } from 'vitest'
import { darkTheme } from './darkTheme'
import type { FoyerTheme } from './FoyerTheme'
import { lightTheme } from './lightTheme'

type AxeColor = {
  Color: new (red: number, green: number, blue: number, alpha: number) => object
  getContrast(background: object, foreground: object): number
}

/** WCAG contrast of two hex colours, computed by axe's own colour module. */
function contrast(foreground: string, background: string): number {
  // axe's types omit its colour module; it is public API (axe.commons.color).
  const { Color, getContrast } = (axe.commons as unknown as { color: AxeColor }).color
  const parse = (hex: string) => {
    const value = Number.parseInt(hex.slice(1), 16)
    return new Color((value >> 16) & 255, (value >> 8) & 255, value & 255, 1)
  }
  return getContrast(parse(background), parse(foreground))
}

/** Every text-on-background pair the modal's style sheet draws. */
const textPairs = [
  ['text', 'background'],
  ['text', 'surface'],
  ['mutedText', 'background'],
  ['mutedText', 'surface'],
  ['accent', 'background'],
  ['accentForeground', 'accent'],
  ['error', 'background'],
  ['success', 'background'],
  ['warning', 'background'],
] as const satisfies readonly (readonly [keyof FoyerTheme, keyof FoyerTheme])[]

describe('lightTheme and darkTheme', () => {
  test('default: complete themes', () => {
    expect(lightTheme()).toMatchObject({
      colorScheme: 'light',
      background: '#ffffff',
      radius: { medium: 12 },
    })
    expect(darkTheme()).toMatchObject({ colorScheme: 'dark', background: '#18181b' })
  })

  test.each([
    ['light', lightTheme()],
    ['dark', darkTheme()],
  ])('behavior: every text/background pair of %s meets WCAG AA (4.5:1)', (_name, theme) => {
    for (const [foreground, background] of textPairs) {
      const ratio = contrast(theme[foreground] as string, theme[background] as string)
      expect({ pair: `${foreground} on ${background}`, aa: ratio >= 4.5 }).toEqual({
        pair: `${foreground} on ${background}`,
        aa: true,
      })
    }
  })

  test('behavior: overrides replace tokens one by one; a new accent gets a readable foreground', () => {
    const theme = lightTheme({ accent: '#ffee00', radius: { medium: 4 } })
    expect(theme.accent).toBe('#ffee00')
    expect(theme.accentForeground).toBe('#111111')
    expect(theme.radius).toEqual({ small: 8, medium: 4, large: 16 })
    expect(theme.background).toBe('#ffffff')
    expect(darkTheme({ accent: '#1e3a8a', accentForeground: '#fefefe' }).accentForeground).toBe('#fefefe')
    expect(lightTheme({ accent: undefined }).accent).toBe('#4338ca')
  })
})
