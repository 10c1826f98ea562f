import { type AppRecord, createAppRecord } from '../features/apps/service'
import type { TestContext } from './createTestContext'

/** The page origin of the tests' second app, 'Shop' (see {@link createShopApp}). */
export const SHOP_ORIGIN = 'https://shop.example'

/** The Shop app's own API domain (`custom_api_url`), same-site with {@link SHOP_ORIGIN}. */
export const SHOP_API_URL = 'https://auth.shop.example'

/**
 * The headers of a browser call from the Shop page to its own API domain: `Host` the API's, `Origin` the
 * page's, `Sec-Fetch-Site: same-site` (what makes server-cookie mode apply, docs/sessions.md).
 */
export const SHOP_SAME_SITE_HEADERS = {
  host: new URL(SHOP_API_URL).host,
  origin: SHOP_ORIGIN,
  'sec-fetch-site': 'same-site',
}

/**
 * Creates the app 'Shop' beside the demo app in `t`'s database, its page at {@link SHOP_ORIGIN} (its one
 * allowed origin); with `customApi`, its `custom_api_url` is {@link SHOP_API_URL}.
 *
 * @example const shop = await createShopApp(t, { customApi: true })
 */
export function createShopApp(t: TestContext, options: { customApi?: boolean } = {}): Promise<AppRecord> {
  return createAppRecord(t.db, {
    name: 'Shop',
    allowedOrigins: [SHOP_ORIGIN],
    ...(options.customApi ? { settings: { custom_api_url: SHOP_API_URL } } : {}),
    masterKey: t.masterKey,
  })
}
