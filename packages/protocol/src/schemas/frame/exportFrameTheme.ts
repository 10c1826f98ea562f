/**
 * Theme query fields of the export page (`/apps/{appId}/embedded-wallets/export`; docs/modal.md "theme
 * colours"): colours as `#rrggbb`/`rgb()` (the page keeps only what `sanitizeColor` accepts), `radius` in px
 * (0–32) and `font` a `font-family` list (kept only when `sanitizeFontFamily` accepts it). Absent or refused
 * fields fall back to the page's light defaults.
 */
export const exportFrameThemeFields = [
  'background',
  'foreground',
  'muted',
  'surface',
  'border',
  'accent',
  'accentForeground',
  'error',
  'radius',
  'font',
] as const

/** One of {@link exportFrameThemeFields}. */
export type ExportFrameThemeField = (typeof exportFrameThemeFields)[number]

/** The theme a host passes to the export page, one string per field (see {@link exportFrameThemeFields}). */
export type ExportFrameTheme = Partial<Record<ExportFrameThemeField, string>>
