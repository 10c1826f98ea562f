import type { FoyerTheme } from './FoyerTheme'

const radius = { small: 8, medium: 12, large: 16 }
const fontFamily =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

/** The two base themes: every text/background pair meets WCAG AA (4.5:1; `lightTheme.test.ts`). */
export const baseThemes: { light: FoyerTheme; dark: FoyerTheme } = {
  light: {
    colorScheme: 'light',
    accent: '#4338ca',
    accentForeground: '#ffffff',
    background: '#ffffff',
    surface: '#f3f4f6',
    text: '#111827',
    mutedText: '#4b5563',
    border: '#d1d5db',
    error: '#b91c1c',
    success: '#15803d',
    warning: '#b45309',
    radius,
    fontFamily,
  },
  dark: {
    colorScheme: 'dark',
    accent: '#a5b4fc',
    accentForeground: '#111111',
    background: '#18181b',
    surface: '#27272a',
    text: '#f4f4f5',
    mutedText: '#a1a1aa',
    border: '#52525b',
    error: '#fca5a5',
    success: '#86efac',
    warning: '#fcd34d',
    radius,
    fontFamily,
  },
}
