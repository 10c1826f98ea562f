/** Resolved theme of one modal: color scheme and a sanitized accent color. */
export type Theme = {
  /** Color scheme, from `appearance.theme` (default `'light'`). */
  colorScheme: 'light' | 'dark'
  /** Accent color, already passed through `sanitizeColor`, or `undefined` for the default. */
  accent: string | undefined
}
