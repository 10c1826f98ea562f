import {
  frameConnectWalletRequestSchema,
  frameEvents,
  frameRecoverWalletRequestSchema,
  frameReplySchema,
  frameSetRecoveryRequestSchema,
} from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { createTestTokens } from '../test/createTestTokens'
import { unreachableApi } from '../test/unreachableApi'
import { createFrameHandler } from './createFrameHandler'
import { createMemoryShareStore } from './createMemoryShareStore'

const appId = 'foyerdemoapp0000000000000'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

async function setup(mode: 'wallet' | 'export' | 'import' = 'wallet') {
  const tokens = await createTestTokens(appId)
  const handler = createFrameHandler({
    appId,
    api: unreachableApi(async () => ({ keys: [tokens.jwk] })),
    deviceShares: createMemoryShareStore(),
    mode,
  })
  return { handler, accessToken: await tokens.accessToken('did:foyer:alice', Date.now()) }
}

// One malformed `data` per event (the event's schema must reject it).
const malformed: Record<(typeof frameEvents)[number], unknown> = {
  'privy:iframe:ready': 'ping',
  'privy:wallets:create': { recoveryMethod: 'privy' },
  'privy:wallet:create': { accessToken: 't', chainType: 'bitcoin' },
  'privy:solana-wallet:create': { accessToken: 't', recoveryMethod: 'user-passcode' },
  'privy:wallets:add': { accessToken: 't', chainType: 'ethereum', entropyId: address, walletIndex: -1 },
  'privy:wallets:connect': { accessToken: 't', chainType: 'ethereum', entropyId: 'not-an-address' },
  'privy:wallets:recover': { accessToken: '', chainType: 'ethereum', entropyId: address },
  'privy:wallets:set-recovery': {
    accessToken: 't',
    chainType: 'ethereum',
    entropyId: address,
    recoveryMethod: 'privy',
    recoveryPassword: 'secret-pw',
  },
  'privy:wallets:rpc': { accessToken: 't', chainType: 'ethereum', entropyId: address, walletIndex: 0 },
  'privy:wallets:export': { accessToken: 't', chainType: 'solana', entropyId: address, walletIndex: -2 },
  'privy:wallets:import': { accessToken: 't', chainType: 'bitcoin' },
  'privy:farcaster:init-signer': { accessToken: '' },
  'privy:farcaster:sign': { accessToken: 't', payload: { hash: 'abc' } },
  'privy:mfa:verify': { accessToken: 't', mfaMethod: 'totp', mfaCode: '12345a' },
  'privy:mfa:init-enrollment': { accessToken: 't', method: 'sms' },
  'privy:mfa:submit-enrollment': { accessToken: 't', method: 'totp' },
  'privy:mfa:unenroll': { accessToken: 't', method: 'email' },
  'privy:mfa:clear': { userId: 42 },
  'privy:delegated-actions:consent': {
    accessToken: 't',
    rootWallet: { address, chainType: 'ethereum' },
    delegatedWallets: [],
  },
}

describe('createFrameHandler: message validation', () => {
  test('default: the ready ping is answered', async () => {
    const { handler } = await setup()
    const reply = await handler.handle({ id: 'ping-1', event: 'privy:iframe:ready', data: {} })
    expect(reply).toEqual({ id: 'ping-1', event: 'privy:iframe:ready', data: {} })
    // `data` is required, even for the ping.
    expect(await handler.handle({ id: 'ping-2', event: 'privy:iframe:ready' })).toMatchObject({
      id: 'ping-2',
      error: { type: 'invalid_request_arguments' },
    })
  })

  test('behavior: a request sent as its JSON text (the reference core client) is handled like the object', async () => {
    const { handler } = await setup()
    const text = JSON.stringify({ id: 'ping-3', event: 'privy:iframe:ready', data: {} })
    expect(await handler.handle(text)).toEqual({ id: 'ping-3', event: 'privy:iframe:ready', data: {} })
    // Text that is not a JSON object is still refused.
    for (const message of ['"privy:iframe:ready"', '[1]', '{"id":', 'null'])
      expect(await handler.handle(message)).toMatchObject({
        error: { message: 'Invalid message: expected { id, event, data }' },
      })
  })

  test.each(frameEvents)('error: malformed %s data → invalid_request_arguments reply', async (event) => {
    const { handler } = await setup(
      event === 'privy:wallets:export' ? 'export' : event === 'privy:wallets:import' ? 'import' : 'wallet',
    )
    const reply = await handler.handle({ id: 'm1', event, data: malformed[event] })
    expect(frameReplySchema.parse(reply)).toEqual(reply)
    expect(reply).toMatchObject({ id: 'm1', event, error: { type: 'invalid_request_arguments' } })
    if ('error' in reply) expect(reply.error.message).toContain(`Invalid ${event} data`)
  })

  test('error: messages that are not requests still get an error reply', async () => {
    const { handler } = await setup()
    for (const message of [
      null,
      'hello',
      42,
      [],
      {},
      { id: 'x' },
      { event: 'privy:wallets:connect', data: {} },
      { id: 'y'.repeat(200), event: 'privy:iframe:ready' },
    ]) {
      const reply = await handler.handle(message)
      expect(frameReplySchema.parse(reply)).toEqual(reply)
      expect(reply).toMatchObject({
        error: {
          type: 'invalid_request_arguments',
          message: 'Invalid message: expected { id, event, data }',
        },
      })
    }
    // An unknown event is answered under its own name.
    expect(await handler.handle({ id: 'x', event: 'privy:wallets:steal', data: {} })).toEqual({
      id: 'x',
      event: 'privy:wallets:steal',
      error: {
        type: 'invalid_request_arguments',
        message: 'privy:wallets:steal is not handled by this frame',
      },
    })
    expect(await handler.handle({ event: 'privy:wallets:connect' })).toMatchObject({
      id: '',
      event: 'privy:wallets:connect',
    })
  })

  test('error: the export event is refused by the wallet frame, wallet events by the export page', async () => {
    const wallet = await setup('wallet')
    const exportRequest = {
      accessToken: wallet.accessToken,
      chainType: 'ethereum',
      entropyId: address,
      walletIndex: 0,
    }
    expect(
      await wallet.handler.handle({ id: 'e', event: 'privy:wallets:export', data: exportRequest }),
    ).toMatchObject({
      error: {
        type: 'invalid_request_arguments',
        message: 'privy:wallets:export is not handled by this frame',
      },
    })
    const exporter = await setup('export')
    expect(
      await exporter.handler.handle({
        id: 'c',
        event: 'privy:wallets:create',
        data: { accessToken: exporter.accessToken },
      }),
    ).toMatchObject({ error: { type: 'invalid_request_arguments' } })
    // The export page holds no Farcaster signer.
    expect(
      await exporter.handler.handle({
        id: 'f',
        event: 'privy:farcaster:sign',
        data: { accessToken: exporter.accessToken, payload: { hash: '0x00' } },
      }),
    ).toMatchObject({
      error: {
        type: 'invalid_request_arguments',
        message: 'privy:farcaster:sign is not handled by this frame',
      },
    })
  })

  test('error: farcaster events need a valid token; signing before init finds no key', async () => {
    const { handler, accessToken } = await setup()
    const sign = { payload: { hash: `0x${'11'.repeat(20)}` } }
    expect(
      await handler.handle({
        id: 's1',
        event: 'privy:farcaster:sign',
        data: { ...sign, accessToken: 'forged' },
      }),
    ).toMatchObject({ error: { type: 'error', message: 'Missing or invalid token', code: 4100 } })
    expect(
      await handler.handle({ id: 's2', event: 'privy:farcaster:sign', data: { ...sign, accessToken } }),
    ).toEqual({
      id: 's2',
      event: 'privy:farcaster:sign',
      error: { type: 'error', message: 'No Farcaster signer on this device' },
    })
    expect(
      await handler.handle({
        id: 'i1',
        event: 'privy:farcaster:init-signer',
        data: { accessToken: 'forged' },
      }),
    ).toMatchObject({ error: { code: 4100 } })
  })

  test('error: rpc before connect → 4900; a bad token → 4100; server failures do not leak details', async () => {
    const { handler, accessToken } = await setup()
    const rpc = {
      chainType: 'ethereum',
      entropyId: address,
      walletIndex: 0,
      request: { method: 'personal_sign', params: ['0x00', address] },
    }
    expect(
      await handler.handle({ id: 'r', event: 'privy:wallets:rpc', data: { ...rpc, accessToken } }),
    ).toEqual({
      id: 'r',
      event: 'privy:wallets:rpc',
      error: { type: 'error', message: 'Wallet is not connected', code: 4900 },
    })
    expect(
      await handler.handle({ id: 'r2', event: 'privy:wallets:rpc', data: { ...rpc, accessToken: 'forged' } }),
    ).toMatchObject({
      error: { type: 'error', message: 'Missing or invalid token', code: 4100 },
    })
    const connect = await handler.handle({
      id: 'c',
      event: 'privy:wallets:connect',
      data: { accessToken, chainType: 'ethereum', entropyId: address },
    })
    expect(connect).toEqual({
      id: 'c',
      event: 'privy:wallets:connect',
      error: { type: 'error', message: 'An error has occurred, please try again.', code: -32603 },
    })
  })
})

describe('createFrameHandler: the reference client’s spellings', () => {
  test('default: privy:wallet:create and privy:wallets:connect without chainType mean Ethereum', async () => {
    const { handler, accessToken } = await setup()
    // The unreachable API fails: what matters is that the data passed validation and reached the server call.
    const create = await handler.handle({ id: 'c', event: 'privy:wallet:create', data: { accessToken } })
    expect(create).toMatchObject({
      error: { type: 'error', message: 'An error has occurred, please try again.' },
    })
    const connect = await handler.handle({
      id: 'k',
      event: 'privy:wallets:connect',
      data: { accessToken, entropyId: address, entropyIdVerifier: 'ethereum-address-verifier' },
    })
    expect(connect).toMatchObject({
      error: { type: 'error', message: 'An error has occurred, please try again.' },
    })
  })

  test('default: recover and set-recovery without chainType take the chain of their entropyIdVerifier', async () => {
    const { handler, accessToken } = await setup()
    const reference = { accessToken, entropyId: address, entropyIdVerifier: 'ethereum-address-verifier' }
    // Valid data reaches the server call (unreachable here), as js-sdk-core sends it.
    for (const [event, data] of [
      ['privy:wallets:recover', { ...reference, recoveryPassword: 'correct horse' }],
      [
        'privy:wallets:set-recovery',
        { ...reference, recoveryMethod: 'user-passcode', recoveryPassword: 'secret-pw' },
      ],
    ] as const) {
      expect(await handler.handle({ id: 'r', event, data })).toMatchObject({
        error: { type: 'error', message: 'An error has occurred, please try again.' },
      })
    }
    const solana = { accessToken, entropyId: '4Nd1mYQzvgV8Vr3Z3nYb7pD5T8sCsGkwhBbL6rJv1A9u' }
    expect(
      frameSetRecoveryRequestSchema.parse({
        ...solana,
        entropyIdVerifier: 'solana-address-verifier',
        recoveryMethod: 'privy',
      }).chainType,
    ).toBe('solana')
    expect(frameRecoverWalletRequestSchema.parse(reference).chainType).toBe('ethereum')
    expect(
      frameConnectWalletRequestSchema.parse({ ...solana, entropyIdVerifier: 'solana-address-verifier' })
        .chainType,
    ).toBe('solana')
    // A chainType given is kept.
    expect(frameConnectWalletRequestSchema.parse({ ...reference, chainType: 'ethereum' }).chainType).toBe(
      'ethereum',
    )
  })

  test('default: privy:mfa:submit-enrollment takes `code` for `mfaCode`; privy:mfa:clear is answered', async () => {
    const { handler, accessToken } = await setup()
    const submit = await handler.handle({
      id: 's',
      event: 'privy:mfa:submit-enrollment',
      data: { accessToken, method: 'totp', code: '123456' },
    })
    expect(submit).toMatchObject({
      error: { type: 'error', message: 'An error has occurred, please try again.' },
    })
    expect(
      await handler.handle({ id: 'l', event: 'privy:mfa:clear', data: { userId: 'did:foyer:alice' } }),
    ).toEqual({ id: 'l', event: 'privy:mfa:clear', data: {} })
  })

  test('default: privy:wallets:rpc takes `hdWalletIndex` for `walletIndex`', async () => {
    const { handler, accessToken } = await setup()
    // Valid data reaches the wallet lookup (not connected here); without any index it is refused as invalid.
    const data = {
      accessToken,
      chainType: 'ethereum',
      entropyId: address,
      entropyIdVerifier: 'ethereum-address-verifier',
      request: { method: 'personal_sign', params: ['0x00', address] },
    }
    expect(
      await handler.handle({ id: 'r', event: 'privy:wallets:rpc', data: { ...data, hdWalletIndex: 0 } }),
    ).toMatchObject({ error: { type: 'error', message: 'Wallet is not connected', code: 4900 } })
    expect(await handler.handle({ id: 'r2', event: 'privy:wallets:rpc', data })).toMatchObject({
      error: { type: 'invalid_request_arguments', message: expect.stringContaining('at walletIndex') },
    })
  })
})
