import { type ExportFrameThemeField, sanitizeColor, sanitizeFontFamily } from '@foyer/protocol'

/** The CSS variable each theme query field sets (see `exportStyles`). */
const variables: Record<ExportFrameThemeField, string> = {
  background: '--foyer-bg',
  foreground: '--foyer-fg',
  muted: '--foyer-muted',
  surface: '--foyer-surface',
  border: '--foyer-border',
  accent: '--foyer-accent',
  accentForeground: '--foyer-accent-fg',
  error: '--foyer-error',
  radius: '--foyer-radius',
  font: '--foyer-font',
}

const MAX_RADIUS_PX = 32

function sanitize(field: ExportFrameThemeField, value: string): string | undefined {
  if (field === 'font') return sanitizeFontFamily(value)
  if (field === 'radius') {
    if (!/^\d{1,2}$/.test(value)) return undefined
    return `${Math.min(MAX_RADIUS_PX, Number(value))}px`
  }
  return sanitizeColor(value)
}

/**
 * The export page's theme from its query (docs/modal.md "theme colours"; fields in `exportFrameThemeFields`):
 * CSS variable → value, keeping only hex/`rgb()` colours, a radius of 0–32 px and a plain `font-family`
 * list. Anything else is dropped, so the page's defaults apply; nothing from the host reaches the page
 * except through these checks.
 *
 * @example
 * readExportTheme(new URLSearchParams('accent=%234338ca&radius=12')) // { '--foyer-accent': '#4338ca', '--foyer-radius': '12px' }
 */
export function readExportTheme(query: URLSearchParams): Record<string, string> {
  const theme: Record<string, string> = {}
  for (const [field, variable] of Object.entries(variables) as [ExportFrameThemeField, string][]) {
    const raw = query.get(field)
    const value = raw === null ? undefined : sanitize(field, raw)
    if (value !== undefined) theme[variable] = value
  }
  return theme
}
