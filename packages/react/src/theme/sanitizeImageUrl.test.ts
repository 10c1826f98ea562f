import { describe, expect, test } from 'vitest'
import { sanitizeImageUrl } from './sanitizeImageUrl'

describe('sanitizeImageUrl', () => {
  test('default', () => {
    expect(sanitizeImageUrl('https://example.com/logo.png')).toBe('https://example.com/logo.png')
    expect(sanitizeImageUrl('http://localhost:5173/logo.svg')).toBe('http://localhost:5173/logo.svg')
    expect(sanitizeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(sanitizeImageUrl('data:image/svg+xml;utf8,<svg/>')).toBe('data:image/svg+xml;utf8,<svg/>')
  })

  test('error: other schemes and relative paths are dropped', () => {
    for (const value of [
      'javascript:alert(1)',
      'data:text/html,<script>',
      '/logo.png',
      'ftp://x/y.png',
      '',
      null,
    ])
      expect(sanitizeImageUrl(value)).toBeUndefined()
  })
})
