/**
 * The modal's design tokens (docs/wire.md). Build one with `lightTheme()` or
 * `darkTheme()` and pass it as `appearance.theme`; every screen draws only with these tokens. Colours are hex
 * (`#4338ca`) or `rgb()`/`rgba()`; any other value is replaced by the base theme's (see `sanitizeColor`).
 */
export type FoyerTheme = {
  /** Which base the theme extends; also the page's `color-scheme` inside the modal. */
  colorScheme: 'light' | 'dark'
  /** Primary buttons, links, focus rings, spinners. */
  accent: string
  /** Text on the accent (primary buttons). */
  accentForeground: string
  /** The modal's background. */
  background: string
  /** Raised areas: secondary buttons, messages, icon circles. */
  surface: string
  /** Body text and headings. */
  text: string
  /** Secondary text (descriptions, labels, placeholders). */
  mutedText: string
  /** Borders of inputs, cards and lists. */
  border: string
  /** Error text and invalid borders. */
  error: string
  /** Success text and icons. */
  success: string
  /** Warning text (e.g. a medium password). */
  warning: string
  /** Corner radii in px (0–32): `small` icon buttons, `medium` buttons, inputs and cards, `large` the modal. */
  radius: { small: number; medium: number; large: number }
  /** CSS `font-family` list, e.g. `"'Inter', system-ui, sans-serif"`; only plain family names are used. */
  fontFamily: string
}

/** What `lightTheme()` and `darkTheme()` take: any tokens to override, radii one by one. */
export type FoyerThemeOverrides = {
  [Token in Exclude<keyof FoyerTheme, 'colorScheme' | 'radius'>]?: FoyerTheme[Token] | undefined
} & {
  radius?: { [Size in keyof FoyerTheme['radius']]?: number | undefined } | undefined
}
