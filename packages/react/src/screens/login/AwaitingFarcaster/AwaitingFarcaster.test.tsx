import { getRecentLoginMethod } from '@foyer/core'
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  appConfigRoute,
  createTestClient,
  TEST_APP_ID,
  type TestAnswer,
  type TestRoutes,
  testAuthResponse,
  testUser,
} from '../../../../test/createTestClient'
import { renderFoyerAndOpen } from '../../../../test/renderFoyer'
import { signInWithTestCode } from '../../../../test/renderInProvider'
import { FoyerProvider } from '../../../FoyerProvider/FoyerProvider'
import { useLinkFarcaster } from '../../../hooks/useLinkFarcaster'

const connectUri = 'https://farcaster.xyz/~/siwf?channelToken=channel-1'
const completed = {
  state: 'completed',
  nonce: 'abcdef0123456789',
  message: 'localhost wants you to sign in with your Ethereum account…',
  signature: '0x1234',
  fid: 3,
}
const pending = { state: 'pending', nonce: completed.nonce }

/** The Farcaster calls; the status answers `pending` until `approve()`. */
function farcasterRoutes(overrides: TestRoutes = {}) {
  let approved = false
  let inits = 0
  const routes: TestRoutes = {
    ...appConfigRoute({ farcaster_auth: true }),
    'POST /api/v1/farcaster/init': () => {
      inits++
      return { status: 200, body: { channel_token: 'channel-1', connect_uri: connectUri } }
    },
    'GET /api/v1/farcaster/status': () => ({ status: 200, body: approved ? completed : pending }),
    'POST /api/v1/farcaster/authenticate': () => ({ status: 200, body: testAuthResponse() }),
    ...overrides,
  }
  return {
    routes,
    approve: () => {
      approved = true
    },
    inits: () => inits,
  }
}

const failure =
  (status: number, code: string, error = 'failed'): (() => TestAnswer) =>
  () => ({
    status,
    body: { error, code },
  })

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('landing Farcaster entry', () => {
  test('default: shown when the app has farcaster_auth, hidden otherwise', async () => {
    await renderFoyerAndOpen({ routes: farcasterRoutes().routes })
    expect(screen.getByRole('button', { name: 'Continue with Farcaster' })).toBeTruthy()
    cleanup()
    await renderFoyerAndOpen()
    expect(screen.queryByRole('button', { name: 'Continue with Farcaster' })).toBeNull()
  })
})

describe('AwaitingFarcaster', () => {
  test('default: QR code and copyable link, polling until approved, then signed in with farcaster recent', async () => {
    const farcaster = farcasterRoutes()
    const { user, calls, client } = await renderFoyerAndOpen({ routes: farcaster.routes })
    await user.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    const qr = await screen.findByRole('img', { name: 'QR code to sign in with Farcaster' })
    expect(qr.getAttribute('data-qr-value')).toBe(connectUri)
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    expect(screen.getByRole('heading', { name: 'Sign in with Farcaster' })).toBeTruthy()
    expect(screen.getByText("Scan with your phone's camera to continue.")).toBeTruthy()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(connectUri)
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy()
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/farcaster/status')).toBe(true))
    farcaster.approve()
    expect(await screen.findByText('Success!', {}, { timeout: 5000 })).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/farcaster/authenticate')?.body).toEqual({
      channel_token: 'channel-1',
      message: completed.message,
      signature: completed.signature,
      fid: 3,
      mode: 'login-or-sign-up',
    })
    expect(client.getState().user?.id).toBe(testUser.id)
    expect(await getRecentLoginMethod(client)).toBe('farcaster')
  })

  test('behavior: polls every 2 s; after 120 s without approval, the time-out text and a new channel on Try again', async () => {
    const farcaster = farcasterRoutes()
    const { user, calls } = await renderFoyerAndOpen({ routes: farcaster.routes })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    await screen.findByRole('img', { name: 'QR code to sign in with Farcaster' })
    const polls = () => calls.filter((call) => call.path === '/api/v1/farcaster/status').length
    await waitFor(() => expect(polls()).toBe(1))
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(polls()).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(118_000))
    expect(await screen.findByText('The request timed out. Try again.')).toBeTruthy()
    expect(polls()).toBe(60)
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(polls()).toBe(60)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('img', { name: 'QR code to sign in with Farcaster' })
    expect(farcaster.inits()).toBe(2)
  })

  test.each([
    ['invalid_credentials', 401, 'Something went wrong. Try again.', true],
    ['too_many_requests', 429, 'Too many requests. Please wait before trying again.', true],
    ['internal_error', 500, 'Authentication failed', true],
    ['linked_to_another_user', 400, 'This account has already been linked to another user.', false],
  ])('error: %s at sign-in shows its docs/errors.md text', async (code, status, text, retry) => {
    const farcaster = farcasterRoutes({
      'POST /api/v1/farcaster/authenticate': failure(status, code),
    })
    farcaster.approve()
    const { user } = await renderFoyerAndOpen({ routes: farcaster.routes })
    await user.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    // A 500 is retried 3 times first (0.5 + 1.5 + 4.5 s; docs/api.md#retries).
    expect(await screen.findByText(text, {}, { timeout: 12_000 })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Could not log in with Farcaster' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(retry)
  })

  test('error: user_does_not_exist goes to account-not-found; disallowed_login_method to the error screen', async () => {
    const missing = farcasterRoutes({
      'POST /api/v1/farcaster/authenticate': failure(404, 'user_does_not_exist'),
    })
    missing.approve()
    const first = await renderFoyerAndOpen({ routes: missing.routes })
    await first.user.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    expect(await screen.findByText(/Please try logging in again/, {}, { timeout: 5000 })).toBeTruthy()
    cleanup()
    const off = farcasterRoutes({
      'POST /api/v1/farcaster/init': failure(
        403,
        'disallowed_login_method',
        'Login with Farcaster not allowed.',
      ),
    })
    const second = await renderFoyerAndOpen({ routes: off.routes })
    await second.user.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    expect(await screen.findByText('Not allowed')).toBeTruthy()
    expect(screen.getByText('Login with Farcaster not allowed.')).toBeTruthy()
  })

  test('behavior: on mobile an open-app button opens the link instead of a QR code', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
    )
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { user } = await renderFoyerAndOpen({ routes: farcasterRoutes().routes })
    await user.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    await user.click(await screen.findByRole('button', { name: 'Open the Farcaster app' }))
    expect(open).toHaveBeenCalledWith(connectUri, '_blank', 'noopener')
    expect(screen.queryByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeNull()
  })
})

describe('useLinkFarcaster', () => {
  test('default: links through the awaiting screen, then unlinks by fid', async () => {
    const farcaster = farcasterRoutes({
      'POST /api/v1/farcaster/link': () => ({ status: 200, body: testUser }),
      'POST /api/v1/farcaster/unlink': () => ({ status: 200, body: testUser }),
    })
    farcaster.approve()
    const { client, calls } = createTestClient(farcaster.routes)
    const { result } = renderHook(() => useLinkFarcaster(), {
      wrapper: ({ children }) => (
        <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
          {children}
        </FoyerProvider>
      ),
    })
    await expect(result.current.linkFarcaster()).rejects.toThrow('User must be authenticated')
    await signInWithTestCode(client)
    let linked: Promise<unknown> = Promise.resolve()
    act(() => {
      linked = result.current.linkFarcaster()
    })
    await expect(linked).resolves.toMatchObject({ id: testUser.id })
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/farcaster/link')?.body).toEqual({
      channel_token: 'channel-1',
      message: completed.message,
      signature: completed.signature,
      fid: 3,
    })
    await act(() => result.current.unlinkFarcaster(3))
    expect(calls.find((call) => call.path === '/api/v1/farcaster/unlink')?.body).toEqual({ fid: 3 })
  })
})
