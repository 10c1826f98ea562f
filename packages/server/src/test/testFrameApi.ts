import {
  type CreateFrameApiParameters,
  type CreateFrameHandlerParameters,
  createFrameApi,
  createFrameHandler,
  createMemoryDeviceKeyStore,
  createMemoryShareStore,
  type DeviceKeyStore,
  type DeviceShareStore,
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

/**
 * The real frame message handler (`createFrameHandler`) of one browser against the test server, at the test
 * clock: `mode` (default 'wallet'), its API {@link testFrameApi} with the browser's `deviceKeys` (the export
 * page's with the export purpose), its `deviceShares` (default: new in-memory stores), and the page's own
 * `showExport` / `askImportKey`. Pages of one browser share its `deviceKeys` and `deviceShares`.
 *
 * @example const wallet = testFrameHandler(t, { deviceKeys, deviceShares })
 */
export function testFrameHandler(
  t: TestContext,
  options: {
    mode?: CreateFrameHandlerParameters['mode']
    deviceKeys?: DeviceKeyStore
    deviceShares?: DeviceShareStore
  } & Pick<CreateFrameHandlerParameters, 'showExport' | 'askImportKey'> = {},
) {
  const { mode = 'wallet', deviceKeys, deviceShares = createMemoryShareStore(), ...page } = options
  return createFrameHandler({
    appId: t.demoApp.id,
    api: testFrameApi(t, {
      ...(deviceKeys ? { deviceKeys } : {}),
      ...(mode === 'export' ? { purpose: 'export' } : {}),
    }),
    deviceShares,
    mode,
    now: t.now,
    ...page,
  })
}
