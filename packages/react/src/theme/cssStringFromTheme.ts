import type { Theme } from './Theme'

const palettes = {
  light: {
    bg: '#ffffff',
    fg: '#111827',
    muted: '#4b5563',
    border: '#d1d5db',
    surface: '#f3f4f6',
    error: '#b91c1c',
    warn: '#b45309',
    success: '#15803d',
    overlay: 'rgba(17, 24, 39, 0.5)',
    accent: '#4338ca',
  },
  dark: {
    bg: '#18181b',
    fg: '#f4f4f5',
    muted: '#a1a1aa',
    border: '#52525b',
    surface: '#27272a',
    error: '#fca5a5',
    warn: '#fcd34d',
    success: '#86efac',
    overlay: 'rgba(0, 0, 0, 0.7)',
    accent: '#a5b4fc',
  },
} as const

/**
 * Builds the theme block of the modal's style sheet: CSS variables (`--foyer-*`) under
 * `[data-foyer="<scope>"]`, so two providers on one page keep their own themes (STYLE.md §9).
 *
 * @param theme - color scheme and an accent that went through `sanitizeColor` (the only host value used)
 * @param scope - the modal root's `data-foyer` value; only `[A-Za-z0-9_-]` characters are kept
 * @returns CSS text, e.g. `[data-foyer="f1"]{--foyer-accent:#4338ca;…}`
 *
 * @example
 * cssStringFromTheme({ colorScheme: 'dark', accent: '#ff8800' }, 'f1')
 */
export function cssStringFromTheme(theme: Theme, scope: string): string {
  const palette = palettes[theme.colorScheme]
  const accent = theme.accent ?? palette.accent
  const variables: Record<string, string> = {
    bg: palette.bg,
    fg: palette.fg,
    muted: palette.muted,
    border: palette.border,
    surface: palette.surface,
    error: palette.error,
    warn: palette.warn,
    success: palette.success,
    overlay: palette.overlay,
    accent,
    'accent-fg': readableForeground(accent),
  }
  const body = Object.entries(variables)
    .map(([name, value]) => `--foyer-${name}:${value};`)
    .join('')
  const safeScope = scope.replace(/[^A-Za-z0-9_-]/g, '')
  return `[data-foyer="${safeScope}"]{color-scheme:${theme.colorScheme};${body}}`
}

/** Black or white, whichever contrasts more with `color` (hex or rgb(); falls back to white). */
export function readableForeground(color: string): string {
  const rgb = parseRgb(color)
  if (!rgb) return '#ffffff'
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  // Contrast with white is 1.05 / (L + 0.05); with black (L + 0.05) / 0.05.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#111111'
}

function parseRgb(color: string): [number, number, number] | undefined {
  if (color.startsWith('#')) {
    const hex = color.slice(1)
    const full =
      hex.length <= 4
        ? hex
            .slice(0, 3)
            .split('')
            .map((c) => c + c)
            .join('')
        : hex.slice(0, 6)
    const value = Number.parseInt(full, 16)
    return Number.isNaN(value) ? undefined : [(value >> 16) & 255, (value >> 8) & 255, value & 255]
  }
  const parts = color.match(/[\d.]+%?/g)
  if (!parts || parts.length < 3) return undefined
  return parts.slice(0, 3).map((part) => {
    const number = Number.parseFloat(part)
    return part.endsWith('%') ? (number * 255) / 100 : number
  }) as [number, number, number]
}
