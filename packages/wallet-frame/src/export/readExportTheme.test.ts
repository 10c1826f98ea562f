import { describe, expect, test } from 'vitest'
import { readExportTheme } from './readExportTheme'

describe('readExportTheme', () => {
  test('default: no query, no variables', () => {
    expect(readExportTheme(new URLSearchParams())).toEqual({})
  })

  test('behavior: every field maps to its variable', () => {
    const query = new URLSearchParams({
      background: '#18181b',
      foreground: 'rgb(244, 244, 245)',
      accent: '#a5b4fc',
      accentForeground: '#111111',
      radius: '99',
      font: "'Inter', sans-serif",
    })
    expect(readExportTheme(query)).toEqual({
      '--foyer-bg': '#18181b',
      '--foyer-fg': 'rgb(244, 244, 245)',
      '--foyer-accent': '#a5b4fc',
      '--foyer-accent-fg': '#111111',
      '--foyer-radius': '32px',
      '--foyer-font': "'Inter', sans-serif",
    })
  })

  test('error: unsafe values are dropped', () => {
    const query = new URLSearchParams({
      background: 'red;}body{display:none',
      accent: 'url(https://evil.example/x)',
      foreground: 'var(--x)',
      radius: '12px;color:red',
      font: 'x}{',
      unknown: '#000000',
    })
    expect(readExportTheme(query)).toEqual({})
  })
})
