import { sanitizeColor, sanitizeFontFamily } from '@foyer/protocol'
import { baseThemes } from './baseThemes'
import type { FoyerTheme } from './FoyerTheme'
import { readableForeground } from './readableForeground'

const colorTokens = [
  'accent',
  'background',
  'surface',
  'text',
  'mutedText',
  'border',
  'error',
  'success',
  'warning',
] as const satisfies readonly (keyof FoyerTheme)[]

const MAX_RADIUS_PX = 32

function sanitizeRadius(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(MAX_RADIUS_PX, Math.max(0, Math.round(value)))
    : fallback
}

/**
 * The modal's theme from the host's `appearance` (docs/wire.md), every token safe to put in a
 * style sheet (docs/conventions.md "Styling"):
 * - `theme: 'light' | 'dark'` (default `'light'`): that base theme, its accent replaced by
 *   `appearance.accentColor`, else the app's `accent_color`, when they are valid colours;
 * - `theme:` a {@link FoyerTheme} object (from `lightTheme()`/`darkTheme()`): its tokens, each colour kept
 *   only when `sanitizeColor` accepts it (else the base theme's), radii clamped to 0–32 px, the font list
 *   kept only when `sanitizeFontFamily` accepts it. `accentColor` does not apply to an object.
 *
 * @example
 * resolveTheme({ theme: 'dark', accentColor: '#f59e0b' }, undefined).accent // '#f59e0b'
 */
export function resolveTheme(
  appearance:
    | { theme?: 'light' | 'dark' | FoyerTheme | undefined; accentColor?: string | undefined }
    | undefined,
  serverAccent: string | null | undefined,
): FoyerTheme {
  const theme = appearance?.theme
  if (typeof theme === 'object' && theme !== null) return sanitizeThemeObject(theme)
  const base = baseThemes[theme === 'dark' ? 'dark' : 'light']
  const accent = sanitizeColor(appearance?.accentColor) ?? sanitizeColor(serverAccent)
  return accent ? { ...base, accent, accentForeground: readableForeground(accent) } : base
}

function sanitizeThemeObject(theme: Partial<FoyerTheme>): FoyerTheme {
  const base = baseThemes[theme.colorScheme === 'dark' ? 'dark' : 'light']
  const result: FoyerTheme = { ...base, radius: { ...base.radius } }
  for (const token of colorTokens) result[token] = sanitizeColor(theme[token]) ?? base[token]
  const accent = sanitizeColor(theme.accent)
  result.accentForeground =
    sanitizeColor(theme.accentForeground) ?? (accent ? readableForeground(accent) : base.accentForeground)
  for (const size of ['small', 'medium', 'large'] as const)
    result.radius[size] = sanitizeRadius(theme.radius?.[size], base.radius[size])
  result.fontFamily = sanitizeFontFamily(theme.fontFamily) ?? base.fontFamily
  return result
}
