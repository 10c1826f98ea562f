import { describe, expect, test } from 'vitest'
import { parseUserAgent } from './parseUserAgent'

describe('parseUserAgent', () => {
  test('default: Chrome on Linux', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Linux' })
  })
  test('behavior: Safari on iOS, Edge on Windows, Firefox on macOS', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS' })
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' })
    expect(
      parseUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:130.0) Gecko/20100101 Firefox/130.0'),
    ).toEqual({ browser: 'Firefox', os: 'macOS' })
  })
  test('behavior: unknown or missing → nulls', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: null, os: null })
    expect(parseUserAgent('curl/8.0')).toEqual({ browser: null, os: null })
  })
})
