import { describe, expect, test } from 'vitest'
import { siteKeyOf } from './siteKeyOf'

describe('siteKeyOf', () => {
  test("default: strips the 't:' prefix", () => {
    expect(siteKeyOf({ captcha_site_key: 't:1x00000000000000000000AA' })).toBe('1x00000000000000000000AA')
  })

  test("error: another prefix, no key or an empty key is 'Unsupported captcha site key'", () => {
    for (const captcha_site_key of [
      'h:10000000-ffff-ffff-ffff-000000000001',
      '1x00000000000000000000AA',
      't:',
      '',
      null,
    ]) {
      expect(() => siteKeyOf({ captcha_site_key })).toThrow(
        expect.objectContaining({
          code: 'unsupported_captcha_site_key',
          shortMessage: 'Unsupported captcha site key',
        }),
      )
    }
  })
})
