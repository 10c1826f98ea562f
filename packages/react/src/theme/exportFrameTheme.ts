import type { ExportFrameTheme } from '@foyer/protocol'
import type { FoyerTheme } from './FoyerTheme'

/**
 * The export frame's query theme (docs/modal.md "theme colours") from the modal's resolved theme, so the
 * frame's text and buttons look like the modal's: colours, the medium radius in px, the font list. The
 * frame checks every value again (`readExportTheme` in the wallet frame); nothing else is sent.
 *
 * @example
 * exportFrameTheme(darkTheme()).background // '#18181b'
 */
export function exportFrameTheme(theme: FoyerTheme): ExportFrameTheme {
  return {
    background: theme.background,
    foreground: theme.text,
    muted: theme.mutedText,
    surface: theme.surface,
    border: theme.border,
    accent: theme.accent,
    accentForeground: theme.accentForeground,
    error: theme.error,
    radius: String(theme.radius.medium),
    font: theme.fontFamily,
  }
}
