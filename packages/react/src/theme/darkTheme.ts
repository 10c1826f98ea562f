import { baseThemes } from './baseThemes'
import type { FoyerTheme, FoyerThemeOverrides } from './FoyerTheme'
import { themeFromBase } from './themeFromBase'

/**
 * The dark theme (near-black background, light indigo accent), with any tokens overridden; pass it as
 * `appearance.theme`. An accent without `accentForeground` gets black or white text, whichever reads better.
 * Host colours are sanitised when the modal uses them (hex or `rgb()` only; others fall back to this theme's).
 *
 * @param overrides - tokens to replace, e.g. `{ accent: '#f59e0b', fontFamily: "'Inter', sans-serif" }`
 * @returns a complete {@link FoyerTheme} with `colorScheme: 'dark'`
 *
 * @example
 * <FoyerProvider appId={appId} config={{ appearance: { theme: darkTheme({ accent: '#f59e0b' }) } }} />
 */
export function darkTheme(overrides?: FoyerThemeOverrides): FoyerTheme {
  return themeFromBase(baseThemes.dark, overrides)
}
