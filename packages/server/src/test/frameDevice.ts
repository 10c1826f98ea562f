import type { FrameReply } from '@foyer/protocol'
import {
  type CreateFrameHandlerParameters,
  createFrameHandler,
  createMemoryDeviceKeyStore,
  createMemoryShareStore,
} from '@foyer/wallet-frame'
import { verifyMessage } from 'viem'
import { expect } from 'vitest'
import type { TestContext } from './createTestContext'
import { testFrameApi } from './testFrameApi'

let nextId = 0

/**
 * One new browser's wallet frame against the test server: new in-memory device key and share stores, the real
 * frame API ({@link testFrameApi}) and handler in 'wallet' mode at the test clock, for the app `appId`
 * (default the demo app) and the cloud endpoints in `endpoints` (the Drive and CloudKit stand-ins).
 * `send(event, data)` posts one message to the handler and resolves to its reply.
 *
 * @example const laptop = frameDevice(t); frameData(await laptop.send('privy:wallets:create', { accessToken }))
 */
export function frameDevice(
  t: TestContext,
  options: { appId?: string } & Pick<
    CreateFrameHandlerParameters,
    'googleDriveApiUrl' | 'cloudKitApiUrl'
  > = {},
) {
  const { appId = t.demoApp.id, ...endpoints } = options
  const deviceShares = createMemoryShareStore()
  const deviceKeys = createMemoryDeviceKeyStore()
  const api = testFrameApi(t, { deviceKeys, appId })
  const handler = createFrameHandler({ appId, api, deviceShares, mode: 'wallet', now: t.now, ...endpoints })
  return {
    deviceShares,
    deviceKeys,
    api,
    send: (event: string, data: unknown): Promise<FrameReply> =>
      handler.handle({ id: `f${++nextId}`, event, data }),
  }
}

/** The `data` of a frame reply; throws `frame error <type>: <message>` when the reply is an error. */
export function frameData(reply: FrameReply): Record<string, unknown> {
  if ('error' in reply) throw new Error(`frame error ${reply.error.type}: ${reply.error.message}`)
  return reply.data as Record<string, unknown>
}

/**
 * Asserts that `device` signs `message` with the Ethereum wallet at index 0 of `entropyId` (`personal_sign`,
 * EIP-191, on chain 31337) and that the signature recovers to `entropyId`.
 */
export async function expectFrameSignsMessage(
  device: ReturnType<typeof frameDevice>,
  options: { accessToken: string; entropyId: `0x${string}`; message: string },
) {
  const { accessToken, entropyId, message } = options
  const signed = frameData(
    await device.send('privy:wallets:rpc', {
      accessToken,
      chainType: 'ethereum',
      entropyId,
      walletIndex: 0,
      chainId: 31337,
      request: { method: 'personal_sign', params: [message, entropyId] },
    }),
  )
  expect(
    await verifyMessage({ address: entropyId, message, signature: signed.result as `0x${string}` }),
  ).toBe(true)
}

/**
 * Asserts that `device` refuses to set the cloud recovery in `base` (access token, chain type, entropy id,
 * recovery method) without a cloud token, and with both a token and a password (`invalid_request_arguments`).
 */
export async function expectCloudRecoveryArgumentsRefused(
  device: ReturnType<typeof frameDevice>,
  base: Record<string, unknown>,
) {
  expect(await device.send('privy:wallets:set-recovery', base)).toMatchObject({
    error: { type: 'invalid_request_arguments' },
  })
  expect(
    await device.send('privy:wallets:set-recovery', {
      ...base,
      recoveryAccessToken: 'x',
      recoveryPassword: 'a-password',
    }),
  ).toMatchObject({ error: { type: 'invalid_request_arguments' } })
}

/**
 * The body of a wallet upload (create or import) of the well-known test address whose recovery material is
 * `recovery` (a cloud method's fields beside fixed ciphertext and IV), with a placeholder address proof.
 */
export function cloudRecoveryUpload<R extends Record<string, string>>(recovery: R) {
  return {
    chain_type: 'ethereum' as const,
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    auth_share: Buffer.alloc(33, 1).toString('base64'),
    recovery: {
      ciphertext: Buffer.alloc(49, 2).toString('base64'),
      iv: Buffer.alloc(12, 3).toString('base64'),
      ...recovery,
    },
    address_signature: `0x${'11'.repeat(65)}`,
  }
}
