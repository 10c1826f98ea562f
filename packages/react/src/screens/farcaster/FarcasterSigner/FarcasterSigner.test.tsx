import { FARCASTER_SIGNER_TIMEOUT_MS, type User } from '@foyer/protocol'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createTestClient,
  type TestRoutes,
  testAuthResponse,
  testUser,
} from '../../../../test/createTestClient'
import { type FrameCall, installFakeWalletFrame } from '../../../../test/fakeWalletFrame'
import { renderHookInProvider, signInWithTestCode } from '../../../../test/renderInProvider'
import { useFarcasterSigner } from '../../../hooks/useFarcasterSigner'

const publicKey = `0x${'ab'.repeat(32)}`
const approvalUrl = 'farcaster://signed-key-request?token=0x1234'
const farcasterAccount = {
  type: 'farcaster' as const,
  fid: 42,
  owner_address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
}
const farcasterUser: User = { ...testUser, linked_accounts: [...testUser.linked_accounts, farcasterAccount] }
const approvedUser: User = {
  ...testUser,
  linked_accounts: [...testUser.linked_accounts, { ...farcasterAccount, signer_public_key: publicKey }],
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

/**
 * The provider over the in-test server with a signed-in Farcaster user, a fake wallet frame answering
 * `frame`, and the signer status answering `states` in turn (the last repeats).
 */
async function setup(
  options: {
    states?: Array<'pending_approval' | 'approved' | 'revoked'>
    frame?: (call: FrameCall) => unknown
    user?: User
  } = {},
) {
  const states = options.states ?? ['pending_approval', 'approved']
  let index = 0
  let approved = false
  const routes: TestRoutes = {
    'POST /api/v1/passwordless/authenticate': () => ({
      status: 200,
      body: testAuthResponse({ user: options.user ?? farcasterUser }),
    }),
    'POST /api/v1/farcaster/signer/status': () => {
      const status = states[Math.min(index++, states.length - 1)]
      if (status === 'approved') approved = true
      return {
        status: 200,
        body:
          status === 'pending_approval'
            ? { status, public_key: publicKey }
            : { status, public_key: publicKey, fid: '42' },
      }
    },
    'GET /api/v1/users/me': () => ({ status: 200, body: { user: approved ? approvedUser : farcasterUser } }),
  }
  const { client, calls } = createTestClient(routes)
  const { result } = await renderHookInProvider(client, () => useFarcasterSigner())
  await signInWithTestCode(client)
  const frameCalls = installFakeWalletFrame(
    client,
    options.frame ??
      (({ event }) =>
        event === 'privy:farcaster:init-signer'
          ? { status: 'pending_approval', public_key: publicKey, signer_approval_url: approvalUrl }
          : { signature: `0x${'cd'.repeat(64)}` }),
  )
  const statusCalls = () => calls.filter((call) => call.path === '/api/v1/farcaster/signer/status')
  return { result, client, frameCalls, statusCalls }
}

/** Starts `requestFarcasterSigner` and returns its settled outcome (never an unhandled rejection). */
function request(result: { current: ReturnType<typeof useFarcasterSigner> }) {
  let promise!: Promise<unknown>
  act(() => {
    promise = result.current.requestFarcasterSigner().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    )
  })
  return promise
}

describe("'Add a signer to Farcaster'", () => {
  test('default: QR code and link of the approval URL; approved → Success! and the modal closes', async () => {
    const { result, client, frameCalls, statusCalls } = await setup()
    const outcome = request(result)
    const dialog = await screen.findByRole('dialog', { name: 'Add a signer to Farcaster' })
    expect(await within(dialog).findByRole('img', { name: /QR code to approve the signer/ })).toBeTruthy()
    expect(within(dialog).getByRole('link', { name: 'Open the Farcaster app' }).getAttribute('href')).toBe(
      approvalUrl,
    )
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeTruthy()
    expect(frameCalls.map((call) => call.event)).toEqual(['privy:farcaster:init-signer'])
    const { violations } = await axe.run(dialog)
    expect(violations).toEqual([])

    await act(() => vi.advanceTimersByTimeAsync(2_000))
    expect(await within(dialog).findByRole('heading', { name: 'Success!' })).toBeTruthy()
    expect(statusCalls()).toHaveLength(2)
    await expect(outcome).resolves.toEqual({ value: { publicKey, fid: 42 } })
    expect(result.current.getFarcasterSignerPublicKey()).toBe(publicKey)
    expect(client.getState().user).toEqual(approvedUser)
    await act(() => vi.advanceTimersByTimeAsync(1_500))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test("error: revoked in the Farcaster app → 'Request rejected'; Try again asks the frame again", async () => {
    const { result, frameCalls } = await setup({ states: ['revoked', 'pending_approval'] })
    void request(result)
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('heading', { name: 'Request rejected' })).toBeTruthy()
    await act(() => within(dialog).getByRole('button', { name: 'Try again' }).click())
    expect(await within(dialog).findByRole('link', { name: 'Open the Farcaster app' })).toBeTruthy()
    expect(frameCalls.map((call) => call.event)).toEqual([
      'privy:farcaster:init-signer',
      'privy:farcaster:init-signer',
    ])
  })

  test('error: not approved within 300 s → the time-out text; polling stops', async () => {
    const { result, statusCalls } = await setup({ states: ['pending_approval'] })
    void request(result)
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByRole('link', { name: 'Open the Farcaster app' })
    await act(() => vi.advanceTimersByTimeAsync(FARCASTER_SIGNER_TIMEOUT_MS - 2_000))
    expect(within(dialog).queryByRole('heading', { name: 'The request timed out. Try again.' })).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(2_000))
    expect(
      await within(dialog).findByRole('heading', { name: 'The request timed out. Try again.' }),
    ).toBeTruthy()
    const polls = statusCalls().length
    expect(polls).toBe(151)
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(statusCalls()).toHaveLength(polls)
  })

  test("error: the frame or server fails → 'Connect failed'; closing the modal rejects the request", async () => {
    const { result, statusCalls } = await setup({
      frame: () => {
        throw new Error('Link a Farcaster account before adding a signer')
      },
    })
    const outcome = request(result)
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('heading', { name: 'Connect failed' })).toBeTruthy()
    expect(statusCalls()).toHaveLength(0)
    await act(() => within(dialog).getByRole('button', { name: 'Close' }).click())
    await expect(outcome).resolves.toMatchObject({ error: { code: 'user_rejected' } })
  })

  test('error: a user without a Farcaster account gets an Error, no modal', async () => {
    const { result } = await setup({ user: testUser })
    await expect(result.current.requestFarcasterSigner()).rejects.toThrow(
      'User must have a Farcaster account before adding a signer.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('useFarcasterSigner: signFarcasterMessage', () => {
  test('default: the frame signs the hash; the signature bytes come back', async () => {
    const { result, frameCalls } = await setup()
    const signature = await result.current.signFarcasterMessage(`0x${'01'.repeat(20)}`)
    expect(signature).toEqual(new Uint8Array(64).fill(0xcd))
    expect(frameCalls).toEqual([
      {
        event: 'privy:farcaster:sign',
        data: { accessToken: expect.any(String), payload: { hash: `0x${'01'.repeat(20)}` } },
      },
    ])
  })
})
