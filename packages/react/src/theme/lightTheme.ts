import { baseThemes } from './baseThemes'
import type { FoyerTheme, FoyerThemeOverrides } from './FoyerTheme'
import { themeFromBase } from './themeFromBase'

/**
 * The light theme (white background, indigo accent), with any tokens overridden; pass it as
 * `appearance.theme`. An accent without `accentForeground` gets black or white text, whichever reads better.
 * Host colours are sanitised when the modal uses them (hex or `rgb()` only; others fall back to this theme's).
 *
 * @param overrides - tokens to replace, e.g. `{ accent: '#0f766e', radius: { medium: 4 } }`
 * @returns a complete {@link FoyerTheme} with `colorScheme: 'light'`
 *
 * @example
 * <FoyerProvider appId={appId} config={{ appearance: { theme: lightTheme({ accent: '#0f766e' }) } }} />
 */
export function lightTheme(overrides?: FoyerThemeOverrides): FoyerTheme {
  return themeFromBase(baseThemes.light, overrides)
}
