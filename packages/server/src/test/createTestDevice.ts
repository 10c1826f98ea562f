import { DEVICE_PROOF_HEADER } from '@foyer/protocol'
import { createDeviceProver, createMemoryDeviceKeyStore } from '@foyer/wallet-frame'
import type { LightMyRequestResponse } from 'fastify'
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
 * A new device key (a new browser) for raw requests in server tests, signing with the frame's own
 * `createDeviceProver` at the test clock.
 *
 * @example const device = createTestDevice(t); await device.register(token)
 */
export function createTestDevice(t: TestContext): TestDevice {
  const prover = createDeviceProver({ keys: createMemoryDeviceKeyStore(), now: t.now })
  async function headers(path: string, accessToken: string, method = 'POST') {
    const nonce = await t.request({
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
export async function registeredTestDevice(t: TestContext, accessToken: string): Promise<TestDevice> {
  const device = createTestDevice(t)
  const response = await device.register(accessToken)
  if (response.statusCode !== 200) throw new Error(`device registration refused: ${response.body}`)
  return device
}
