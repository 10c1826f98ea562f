import { describe, expect, test } from 'vitest'
import { detectInAppBrowser } from './detectInAppBrowser'
import { oauthBlockedInAppBrowser } from './oauthBlockedInAppBrowser'

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.119 Mobile Safari/537.36'

/** Regular browsers: never an in-app browser. */
const browsers = {
  'Safari on iPhone': `${iphone} Version/17.4 Safari/604.1`,
  'Chrome on iPhone': `${iphone} CriOS/122.0.6261.89 Mobile/15E148 Safari/604.1`,
  'Chrome on Android':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.6261.119 Mobile Safari/537.36',
  'Firefox on desktop': 'Mozilla/5.0 (X11; Linux x86_64; rv:123.0) Gecko/20100101 Firefox/123.0',
  'Chrome on macOS':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36',
  'Samsung Internet':
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
}

const webViews = {
  facebook: `${iphone} [FBAN/FBIOS;FBAV/455.0.0.44.109;FBBV/583375839;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS]`,
  'facebook (Android)': `${android.replace('Mobile Safari', '[FB_IAB/FB4A;FBAV/452.0.0.45.108;] Mobile Safari')}`,
  instagram: `${iphone} Instagram 322.0.2.23.109 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556; 579357924)`,
  line: `${iphone} Safari Line/14.3.0`,
  tiktok: `${iphone} musical_ly_33.8.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US`,
  twitter: `${iphone} Twitter for iPhone/10.34`,
  telegram: `${android} Telegram-Android/10.9.1 (Google Pixel 8; Android 14; SDK 34; HIGH)`,
  linkedin: `${iphone} [LinkedInApp]/9.29.8960`,
  snapchat: `${iphone} Snapchat/12.79.0.35 (iPhone15,2; iOS 17.4; gzip)`,
  wechat: `${iphone} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/en`,
  'android-webview': android,
}

describe('detectInAppBrowser (docs/modal.md, )', () => {
  test.each(Object.entries(browsers))('default: %s is not an in-app browser', (_name, userAgent) => {
    expect(detectInAppBrowser(userAgent)).toBeNull()
  })

  test.each(Object.entries(webViews))('behavior: the %s web view is detected', (name, userAgent) => {
    expect(detectInAppBrowser(userAgent)).toBe(name.replace(' (Android)', ''))
  })

  test("boundary: 'Line' inside a word or without a version is not LINE; an empty agent is nothing", () => {
    expect(detectInAppBrowser(`${browsers['Safari on iPhone']} Pipeline/2`)).toBeNull()
    expect(detectInAppBrowser('Mozilla/5.0 Outline')).toBeNull()
    expect(detectInAppBrowser('')).toBeNull()
  })
})

describe('oauthBlockedInAppBrowser', () => {
  test('default: Google in an in-app browser is blocked; in a regular browser it is not', () => {
    expect(oauthBlockedInAppBrowser('google', webViews.instagram)).toBe(true)
    expect(oauthBlockedInAppBrowser('google', browsers['Safari on iPhone'])).toBe(false)
  })

  test('behavior: providers that accept web views stay available there', () => {
    for (const provider of ['github', 'discord', 'twitter', 'apple'])
      expect(oauthBlockedInAppBrowser(provider, webViews.facebook), provider).toBe(false)
  })
})
