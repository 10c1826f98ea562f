import { FARCASTER_SIGNER_TIMEOUT_MS, type User } from '@foyer/protocol'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { apiError, json, testUser } from '../../../test/createTestApi'
import { createWalletTestClient, walletUser } from '../../../test/createWalletTestClient'
import { getFarcasterSignerStatus } from './getFarcasterSignerStatus'
import { initFarcasterSigner } from './initFarcasterSigner'
import { signFarcasterMessage } from './signFarcasterMessage'
import { waitForFarcasterSigner } from './waitForFarcasterSigner'

const publicKey = `0x${'ab'.repeat(32)}`
const signature = `0x${'cd'.repeat(64)}`
const approvedUser: User = {
  ...walletUser,
  linked_accounts: [
    ...testUser.linked_accounts,
    {
      type: 'farcaster',
      fid: 42,
      owner_address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      signer_public_key: publicKey,
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    },
  ],
}

afterEach(() => {
  vi.useRealTimers()
})

/** A client whose status route answers `states` in turn (the last one repeats). */
async function statusClient(states: Array<'pending_approval' | 'approved' | 'revoked'>) {
  const setup = await createWalletTestClient({ user: approvedUser, stateUser: walletUser })
  let index = 0
  setup.api.on('POST /api/v1/farcaster/signer/status', () => {
    const status = states[Math.min(index++, states.length - 1)]
    return json(
      status === 'pending_approval'
        ? { status, public_key: publicKey }
        : { status, public_key: publicKey, fid: '42' },
    )
  })
  return setup
}

describe('Farcaster signer actions', () => {
  test('default: init asks the frame with the access token', async () => {
    const { client, requests } = await createWalletTestClient({
      answer: () => ({
        status: 'pending_approval',
        public_key: publicKey,
        signer_approval_url: 'farcaster://x',
      }),
    })
    await expect(initFarcasterSigner(client)).resolves.toEqual({
      status: 'pending_approval',
      public_key: publicKey,
      signer_approval_url: 'farcaster://x',
    })
    expect(requests).toEqual([
      { event: 'privy:farcaster:init-signer', data: { accessToken: expect.any(String) } },
    ])
  })

  test('default: sign sends the hash as hex and returns the signature bytes', async () => {
    const { client, requests } = await createWalletTestClient({ answer: () => ({ signature }) })
    const bytes = await signFarcasterMessage(client, { messageHash: new Uint8Array(20).fill(0xab) })
    expect(bytes).toEqual(new Uint8Array(64).fill(0xcd))
    expect(requests[0]).toEqual({
      event: 'privy:farcaster:sign',
      data: { accessToken: expect.any(String), payload: { hash: `0x${'ab'.repeat(20)}` } },
    })
    await expect(signFarcasterMessage(client, { messageHash: new Uint8Array() })).rejects.toMatchObject({
      code: 'invalid_message',
    })
    await expect(signFarcasterMessage(client, { messageHash: '0xabc' })).rejects.toMatchObject({
      code: 'invalid_message',
    })
  })

  test('behavior: approved refreshes the user, whose Farcaster account has the signer key', async () => {
    const { client, api } = await statusClient(['approved'])
    await getFarcasterSignerStatus(client, { publicKey })
    expect(api.callsTo('POST /api/v1/farcaster/signer/status')[0]?.body).toEqual({
      ed25519_public_key: publicKey,
    })
    expect(client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', signer_public_key: publicKey }),
    )
  })

  test('behavior: polls every 2 s until approved', async () => {
    vi.useFakeTimers()
    const { client, api } = await statusClient(['pending_approval', 'pending_approval', 'approved'])
    const done = waitForFarcasterSigner(client, { publicKey })
    await vi.advanceTimersByTimeAsync(1_999)
    expect(api.callsTo('POST /api/v1/farcaster/signer/status')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2_001)
    await expect(done).resolves.toEqual({ status: 'approved', public_key: publicKey, fid: '42' })
    expect(api.callsTo('POST /api/v1/farcaster/signer/status')).toHaveLength(3)
  })

  test("error: revoked → 'Request rejected'", async () => {
    const { client } = await statusClient(['pending_approval', 'revoked'])
    await expect(waitForFarcasterSigner(client, { publicKey, intervalMs: 1 })).rejects.toMatchObject({
      name: 'FarcasterSignerError',
      code: 'farcaster_signer_rejected',
      message: 'Request rejected',
    })
  })

  test('error: still pending after 300 s → farcaster_signer_timeout', async () => {
    vi.useFakeTimers()
    const { client, api } = await statusClient(['pending_approval'])
    const done = waitForFarcasterSigner(client, { publicKey })
    const outcome = done.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(FARCASTER_SIGNER_TIMEOUT_MS - 1_000)
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending')
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await outcome).toMatchObject({ code: 'farcaster_signer_timeout' })
    // One poll at the start and one per 2 s, the last one at 300 s.
    expect(api.callsTo('POST /api/v1/farcaster/signer/status')).toHaveLength(151)
  })

  test('error: an unknown signer is the server error; aborting stops polling', async () => {
    const { client, api } = await createWalletTestClient()
    api.on('POST /api/v1/farcaster/signer/status', () => apiError(404, 'not_found'))
    await expect(getFarcasterSignerStatus(client, { publicKey })).rejects.toMatchObject({ code: 'not_found' })
    const pending = await statusClient(['pending_approval'])
    const controller = new AbortController()
    const done = waitForFarcasterSigner(pending.client, { publicKey, signal: controller.signal })
    controller.abort(new Error('closed'))
    await expect(done).rejects.toThrow('closed')
  })
})
