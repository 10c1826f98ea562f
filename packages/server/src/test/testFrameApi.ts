import {
  type CreateFrameApiParameters,
  createFrameApi,
  createMemoryDeviceKeyStore,
  type DeviceKeyStore,
} from '@foyer/wallet-frame'
import type { TestContext } from './createTestContext'
import { injectFetch } from './injectFetch'

/** The wallet frame's origin in server tests (see `injectFetch`). */
export const TEST_FRAME_ORIGIN = 'http://wallet.foyer.test'

/**
 * The real frame API client (`createFrameApi`) against the test server: requests go to `app.inject` as
 * from the frame's origin, proofs are signed with a device key in `deviceKeys` (default: a new in-memory
 * key, i.e. a new browser) at the test clock.
 *
 * @example const api = testFrameApi(t)
 */
export function testFrameApi(
  t: TestContext,
  options: {
    deviceKeys?: DeviceKeyStore
    purpose?: CreateFrameApiParameters['purpose']
    /** The app the frame serves; default the demo app. */
    appId?: string
  } = {},
) {
  return createFrameApi({
    baseUrl: '',
    appId: options.appId ?? t.demoApp.id,
    fetch: injectFetch(t.app, TEST_FRAME_ORIGIN),
    deviceKeys: options.deviceKeys ?? createMemoryDeviceKeyStore(),
    origin: TEST_FRAME_ORIGIN,
    now: t.now,
    ...(options.purpose ? { purpose: options.purpose } : {}),
  })
}
