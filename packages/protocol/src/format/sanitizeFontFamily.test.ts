import { describe, expect, test } from 'vitest'
import { sanitizeFontFamily } from './sanitizeFontFamily'

describe('sanitizeFontFamily', () => {
  test('default', () => {
    expect(sanitizeFontFamily("'Inter', system-ui, sans-serif")).toBe("'Inter', system-ui, sans-serif")
    expect(sanitizeFontFamily(' "IBM Plex Sans" , Arial ')).toBe('"IBM Plex Sans" , Arial')
  })

  test('error: anything that could leave the declaration is refused', () => {
    for (const value of [
      'x;}body{display:none',
      'Inter, url(https://evil.example/f.woff)',
      '"Inter',
      "Inter'",
      'a\\62 c',
      '',
      ',',
      'Inter,',
      'x'.repeat(301),
      42,
      undefined,
    ])
      expect(sanitizeFontFamily(value)).toBeUndefined()
  })
})
