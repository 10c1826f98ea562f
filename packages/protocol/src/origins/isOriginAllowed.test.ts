import { describe, expect, test } from 'vitest'
import { isOriginAllowed } from './isOriginAllowed'
import { normalizeOriginPattern } from './normalizeOriginPattern'
import { patternsMatchingOrigin } from './patternsMatchingOrigin'

describe('isOriginAllowed', () => {
  const patterns = ['https://shop.example', 'http://localhost:*']

  test('default: exact origins and port wildcards of the same scheme and host', () => {
    expect(isOriginAllowed(patterns, 'https://shop.example')).toBe(true)
    expect(isOriginAllowed(patterns, 'http://localhost:5173')).toBe(true)
    expect(isOriginAllowed(patterns, 'http://localhost')).toBe(true)
  })

  test('error: other schemes, hosts, ports, null and malformed origins', () => {
    for (const origin of [
      'https://evil.example',
      'http://shop.example',
      'https://shop.example:8443',
      'https://shop.example.evil',
      'https://localhost:5173',
      'http://localhost.evil.example:5173',
      'null',
      '',
      'http://localhost:5173/path',
    ])
      expect(isOriginAllowed(patterns, origin), origin).toBe(false)
  })

  test('behavior: a pattern equal to the origin text matches even when it is not canonical', () => {
    expect(isOriginAllowed(['null'], 'null')).toBe(true)
    expect(isOriginAllowed(['http://localhost:*'], 'http://LOCALHOST:5173')).toBe(false)
  })
})

describe('patternsMatchingOrigin', () => {
  test('default: the origin and its port wildcard', () => {
    expect(patternsMatchingOrigin('http://localhost:5173')).toEqual([
      'http://localhost:5173',
      'http://localhost:*',
    ])
    expect(patternsMatchingOrigin('https://[::1]:8443')).toEqual(['https://[::1]:8443', 'https://[::1]:*'])
  })

  test('error: null, malformed and non-canonical origins match only themselves', () => {
    expect(patternsMatchingOrigin('null')).toEqual(['null'])
    expect(patternsMatchingOrigin('')).toEqual([''])
    expect(patternsMatchingOrigin('http://localhost:5173/path')).toEqual(['http://localhost:5173/path'])
  })
})

describe('normalizeOriginPattern', () => {
  test('behavior: canonicalizes origins and port wildcards', () => {
    expect(normalizeOriginPattern('HTTPS://Shop.Example/')).toBe('https://shop.example')
    expect(normalizeOriginPattern('http://localhost:*')).toBe('http://localhost:*')
    expect(normalizeOriginPattern('HTTP://LocalHost:*')).toBe('http://localhost:*')
    expect(normalizeOriginPattern('https://shop.example:443')).toBe('https://shop.example')
  })

  test('error: rejects non-origins', () => {
    for (const bad of [
      'shop.example',
      'ftp://x',
      'https://x/y',
      'https://x?y',
      'https://u:p@x',
      'http://x:1:*',
    ])
      expect(() => normalizeOriginPattern(bad), bad).toThrow(/Invalid origin/)
  })
})
