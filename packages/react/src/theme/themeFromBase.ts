import type { FoyerTheme, FoyerThemeOverrides } from './FoyerTheme'
import { readableForeground } from './readableForeground'

/**
 * `base` with `overrides` applied; a new accent without its own foreground gets black or white, whichever
 * reads better on it. Values are not checked here: `resolveTheme` sanitises every token before use.
 */
export function themeFromBase(base: FoyerTheme, overrides: FoyerThemeOverrides = {}): FoyerTheme {
  const { radius, ...tokens } = overrides
  const defined = Object.fromEntries(Object.entries(tokens).filter(([, value]) => value !== undefined))
  const accentForeground =
    overrides.accentForeground ??
    (overrides.accent === undefined ? base.accentForeground : readableForeground(overrides.accent))
  return {
    ...base,
    ...defined,
    accentForeground,
    radius: {
      ...base.radius,
      ...Object.fromEntries(Object.entries(radius ?? {}).filter(([, v]) => v !== undefined)),
    },
  }
}
