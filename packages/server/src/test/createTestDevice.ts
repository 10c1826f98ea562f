import { DEVICE_PROOF_HEADER } from '@foyer/protocol'
import { createDeviceProver, createMemoryDeviceKeyStore, type DeviceKeyStore } from '@foyer/wallet-frame'
import type { LightMyRequestResponse } from 'fastify'
import { decodeJwt } from 'jose'
import type { TestContext } from './createTestContext'
import { TEST_FRAME_ORIGIN } from './testFrameApi'

/** A wallet frame's device key in a server test: proofs for raw requests, and its registration. */
export type TestDevice = {
  /**
   * Headers of a request to `path` as the frame sends it: its origin, and a proof signed by this device's
   * key for `method`, `path` and `accessToken` over a fresh server nonce.
   */
  headers(path: string, accessToken: string, method?: string): Promise<Record<string, string>>
  /** `POST /api/v1/embedded_wallets/devices` with this device's proof. */
  register(accessToken: string): Promise<LightMyRequestResponse>
}

/**
 * A device key for raw requests in server tests — a new browser's, or the one in `keys` (a frame's) —
 * signing with the frame's own `createDeviceProver` at the test clock.
 *
 * @example const device = createTestDevice(t); await device.register(token)
 */
export function createTestDevice(
  t: TestContext,
  options: { keys?: DeviceKeyStore; appId?: string } = {},
): TestDevice {
  const prover = createDeviceProver({ keys: options.keys ?? createMemoryDeviceKeyStore(), now: t.now })
  const appId = options.appId ?? t.demoApp.id
  async function headers(path: string, accessToken: string, method = 'POST') {
    const nonce = await t.request({
      appId,
      method: 'POST',
      url: '/api/v1/embedded_wallets/devices/nonce',
      bearer: accessToken,
    })
    if (nonce.statusCode !== 200) throw new Error(`nonce refused: ${nonce.statusCode} ${nonce.body}`)
    const proof = await prover.sign({
      method,
      url: `${TEST_FRAME_ORIGIN}${path}`,
      accessToken,
      nonce: nonce.json().nonce,
    })
    return { host: new URL(TEST_FRAME_ORIGIN).host, origin: TEST_FRAME_ORIGIN, [DEVICE_PROOF_HEADER]: proof }
  }
  return {
    headers,
    async register(accessToken) {
      const path = '/api/v1/embedded_wallets/devices'
      return t.request({
        appId,
        method: 'POST',
        url: path,
        bearer: accessToken,
        json: {},
        headers: await headers(path, accessToken),
      })
    },
  }
}

/**
 * A device registered for `accessToken`'s user (throws when the server refuses), for tests of the calls
 * behind the device proof.
 */
export async function registeredTestDevice(
  t: TestContext,
  accessToken: string,
  options: { appId?: string } = {},
): Promise<TestDevice> {
  const device = createTestDevice(t, options)
  const response = await device.register(accessToken)
  if (response.statusCode !== 200) throw new Error(`device registration refused: ${response.body}`)
  return device
}

/**
 * Proof headers for raw frame calls in server tests: one device registered per session (`sid` of the
 * access token: a session registers one key), and plain frame headers (no proof) when the server refuses
 * the token or the key.
 *
 * @example const headers = frameProofHeaders(t); await t.request({ …, headers: await headers(path, token) })
 */
export function frameProofHeaders(
  t: TestContext,
): (path: string, accessToken: string, appId?: string) => Promise<Record<string, string>> {
  const devices = new Map<string, Promise<TestDevice | null>>()
  const plain = { host: new URL(TEST_FRAME_ORIGIN).host, origin: TEST_FRAME_ORIGIN }
  return async (path, accessToken, appId) => {
    let session = accessToken
    try {
      session = String(decodeJwt(accessToken).sid)
    } catch {}
    let device = devices.get(session)
    if (!device) {
      device = registeredTestDevice(t, accessToken, appId ? { appId } : {}).catch(() => null)
      devices.set(session, device)
    }
    return (await (await device)?.headers(path, accessToken).catch(() => null)) ?? plain
  }
}
