import { afterEach, describe, expect, test, vi } from 'vitest'
import { apiError, createTestApi, createTestClient, json, testUser } from '../../../test/createTestApi'
import { ApiError } from '../../errors/ApiError'
import { TimeoutError } from '../../errors/TimeoutError'
import { getRecentLoginMethod } from '../session/getRecentLoginMethod'
import { initLoginWithFarcaster } from './initLoginWithFarcaster'
import { loginWithFarcaster } from './loginWithFarcaster'
import { waitForFarcasterApproval } from './waitForFarcasterApproval'

const completed = {
  state: 'completed',
  nonce: 'abcdef0123456789',
  message: 'localhost:5173 wants you to sign in…',
  signature: '0x1234',
  fid: 3,
  username: 'alice',
}

function setup() {
  const api = createTestApi()
  const client = createTestClient(api)
  return { api, client }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('initLoginWithFarcaster', () => {
  test('default: sends the captcha token and answers the channel', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/farcaster/init', () =>
      json({
        channel_token: 'channel-1',
        connect_uri: 'https://farcaster.xyz/~/siwf?channelToken=channel-1',
      }),
    )
    const result = await initLoginWithFarcaster(client, { captchaToken: 'captcha' })
    expect(result).toEqual({
      channelToken: 'channel-1',
      connectUri: 'https://farcaster.xyz/~/siwf?channelToken=channel-1',
    })
    expect(api.calls[0]?.body).toEqual({ token: 'captcha' })
  })

  test('error: Farcaster off for the app is disallowed_login_method', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/farcaster/init', () =>
      apiError(403, 'disallowed_login_method', 'Login with Farcaster not allowed.'),
    )
    await expect(initLoginWithFarcaster(client)).rejects.toMatchObject({ code: 'disallowed_login_method' })
  })
})

describe('waitForFarcasterApproval', () => {
  test('default: polls every 2 s with the channel header until completed', async () => {
    vi.useFakeTimers()
    const { api, client } = setup()
    let polls = 0
    api.on('GET /api/v1/farcaster/status', () =>
      json(++polls < 3 ? { state: 'pending', nonce: completed.nonce } : completed),
    )
    const waiting = waitForFarcasterApproval(client, { channelToken: 'channel-1' })
    await vi.advanceTimersByTimeAsync(1999)
    expect(polls).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(polls).toBe(2)
    await vi.advanceTimersByTimeAsync(2000)
    await expect(waiting).resolves.toEqual(completed)
    expect(api.calls.at(-1)?.headers.get('farcaster-channel-token')).toBe('channel-1')
  })

  test('error: no approval within 120 s is a TimeoutError', async () => {
    vi.useFakeTimers()
    const { api, client } = setup()
    let polls = 0
    api.on('GET /api/v1/farcaster/status', () => {
      polls++
      return json({ state: 'pending', nonce: completed.nonce })
    })
    const waiting = waitForFarcasterApproval(client, { channelToken: 'channel-1' })
    const assertion = expect(waiting).rejects.toBeInstanceOf(TimeoutError)
    await vi.advanceTimersByTimeAsync(119_000)
    expect(polls).toBe(60)
    await vi.advanceTimersByTimeAsync(1_000)
    await assertion
    expect(polls).toBe(60)
  })

  test('error: an expired channel stops the polling with the server error', async () => {
    const { api, client } = setup()
    api.on('GET /api/v1/farcaster/status', () => apiError(401, 'invalid_credentials'))
    await expect(waitForFarcasterApproval(client, { channelToken: 'gone' })).rejects.toBeInstanceOf(ApiError)
  })

  test('error: an abort stops the polling', async () => {
    const { api, client } = setup()
    api.on('GET /api/v1/farcaster/status', () => json({ state: 'pending', nonce: completed.nonce }))
    const controller = new AbortController()
    const waiting = waitForFarcasterApproval(client, { channelToken: 'c', signal: controller.signal })
    controller.abort(new Error('closed'))
    await expect(waiting).rejects.toThrow('closed')
  })
})

describe('loginWithFarcaster', () => {
  test('default: sends the signed channel, sets the user and records farcaster as recent', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/farcaster/authenticate', async () => json(await api.issue({ is_new_user: true })))
    const result = await loginWithFarcaster(client, {
      channelToken: 'channel-1',
      message: completed.message,
      signature: completed.signature,
      fid: 3,
    })
    expect(result).toEqual({ user: testUser, isNewUser: true })
    expect(api.calls[0]?.body).toEqual({
      channel_token: 'channel-1',
      message: completed.message,
      signature: completed.signature,
      fid: 3,
      mode: 'login-or-sign-up',
    })
    expect(await getRecentLoginMethod(client)).toBe('farcaster')
  })
})
