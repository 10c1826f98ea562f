import { describe, expect, test } from 'vitest'
import { resolveApiRoute } from './resolveApiRoute'

const base = 'http://127.0.0.1:8787'

describe('resolveApiRoute', () => {
  test('default: no custom_api_url → the client apiUrl, no cookie mode', () => {
    expect(resolveApiRoute(base, null, 'localhost')).toEqual({ apiUrl: base, cookieMode: false })
  })

  test.each([
    ['http://localhost:8787', 'localhost', true],
    ['https://auth.example.com', 'app.example.com', false], // siblings: neither ends with the other
    ['https://example.com', 'app.example.com', true], // page under the API's host
    ['https://auth.example.com/', 'example.com', true], // API under the page's host
    ['https://auth.example.com', 'example.org', false],
    ['https://auth.example.com', null, false], // no page (server rendering)
    ['https://notexample.com', 'example.com', false], // suffix without a dot boundary
  ])('behavior: custom %s on page %s → cookie mode %s', (custom, page, cookieMode) => {
    const route = resolveApiRoute(base, custom, page)
    expect(route).toEqual({ apiUrl: custom.replace(/\/$/, ''), cookieMode })
  })

  test('behavior: a custom URL equal to the default is not cookie mode (docs/limits.md "differs from the default")', () => {
    expect(resolveApiRoute('http://localhost:8787', 'http://localhost:8787/', 'localhost')).toEqual({
      apiUrl: 'http://localhost:8787',
      cookieMode: false,
    })
  })

  test('error: an invalid or non-http custom URL is ignored', () => {
    expect(resolveApiRoute(base, 'not a url', 'localhost')).toEqual({ apiUrl: base, cookieMode: false })
    expect(resolveApiRoute(base, 'javascript:alert(1)', 'localhost')).toEqual({
      apiUrl: base,
      cookieMode: false,
    })
  })
})
