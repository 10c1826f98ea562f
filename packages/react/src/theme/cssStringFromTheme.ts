import type { FoyerTheme } from './FoyerTheme'

/**
 * Builds the theme block of the modal's style sheet: CSS variables (`--foyer-*`) under
 * `[data-foyer="<scope>"]`, so two providers on one page keep their own themes (docs/conventions.md
 * "Styling").
 *
 * @param theme - a theme from `resolveTheme` (its host values already sanitised; the only values used)
 * @param scope - the modal root's `data-foyer` value; only `[A-Za-z0-9_-]` characters are kept
 * @returns CSS text, e.g. `[data-foyer="f1"]{color-scheme:light;--foyer-accent:#4338ca;…}`
 *
 * @example
 * cssStringFromTheme(resolveTheme({ theme: 'dark' }, undefined), 'f1')
 */
export function cssStringFromTheme(theme: FoyerTheme, scope: string): string {
  const dark = theme.colorScheme === 'dark'
  const variables: Record<string, string> = {
    bg: theme.background,
    fg: theme.text,
    muted: theme.mutedText,
    border: theme.border,
    surface: theme.surface,
    error: theme.error,
    warn: theme.warning,
    success: theme.success,
    overlay: dark ? 'rgba(0, 0, 0, 0.7)' : 'rgba(17, 24, 39, 0.5)',
    shadow: dark ? 'rgba(0, 0, 0, 0.6)' : 'rgba(0, 0, 0, 0.25)',
    accent: theme.accent,
    'accent-fg': theme.accentForeground,
    'radius-sm': `${theme.radius.small}px`,
    'radius-md': `${theme.radius.medium}px`,
    'radius-lg': `${theme.radius.large}px`,
    font: theme.fontFamily,
  }
  const body = Object.entries(variables)
    .map(([name, value]) => `--foyer-${name}:${value};`)
    .join('')
  const safeScope = scope.replace(/[^A-Za-z0-9_-]/g, '')
  return `[data-foyer="${safeScope}"]{color-scheme:${theme.colorScheme};${body}}`
}
