import { describe, expect, test } from 'vitest'
import { sanitizeColor } from './sanitizeColor'

describe('sanitizeColor', () => {
  test('default', () => {
    expect(sanitizeColor('#4F46E5')).toBe('#4F46E5')
    expect(sanitizeColor(' #abc ')).toBe('#abc')
    expect(sanitizeColor('#11223344')).toBe('#11223344')
    expect(sanitizeColor('rgb(255, 0, 10)')).toBe('rgb(255, 0, 10)')
    expect(sanitizeColor('rgba(0,0,0,0.5)')).toBe('rgba(0,0,0,0.5)')
  })

  test('error: anything else is dropped', () => {
    for (const value of [
      'red',
      '#12345',
      'rgb(256, 0, 0)',
      'red;}body{display:none',
      '#fff;background:url(x)',
      'rgb(1,2,3);x:y',
      'var(--x)',
      'expression(alert(1))',
      undefined,
      42,
    ])
      expect(sanitizeColor(value)).toBeUndefined()
  })
})
