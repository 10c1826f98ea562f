import { afterEach, describe, expect, test } from 'vitest'
import { createFakeOAuthWindow } from '../../test/createFakeOAuthWindow'
import { OAuthUnknownError } from '../errors/OAuthUnknownError'
import type { OAuthWindow } from './oauthWindow'
import { waitForOAuthPopup } from './waitForOAuthPopup'

const origin = 'http://app.test'
const channels: BroadcastChannel[] = []

/** A fake opener window with Node's BroadcastChannel (same-process channels reach each other, as same-origin pages do). */
function setup() {
  const fake = createFakeOAuthWindow()
  fake.window.BroadcastChannel = BroadcastChannel as unknown as OAuthWindow['BroadcastChannel']
  const popup = fake.window.open('', 'foyer-oauth', '')
  if (!popup) throw new Error('no popup')
  return { fake, popup }
}

/** Another page of the origin posting on `popup-privy-oauth`. */
function broadcast(data: unknown) {
  const channel = new BroadcastChannel('popup-privy-oauth')
  channels.push(channel)
  channel.postMessage(data)
}

afterEach(() => {
  for (const channel of channels.splice(0)) channel.close()
})

describe('waitForOAuthPopup: BroadcastChannel fallback', () => {
  test("default: the popup's answer on popup-privy-oauth, with the flow's state, is taken", async () => {
    const { fake, popup } = setup()
    const wait = waitForOAuthPopup(fake.window, popup, origin, { stateCode: 'state-1' })
    broadcast({ type: 'PRIVY_OAUTH_RESPONSE', stateCode: 'state-1', authorizationCode: 'code-1' })
    await expect(wait).resolves.toEqual({ stateCode: 'state-1', authorizationCode: 'code-1' })
    expect(popup.closed).toBe(true)
    expect(fake.listenerCount()).toBe(0)
    expect(fake.intervalCount()).toBe(0)
  })

  test("behavior: messages for another flow's state, or of another type, are ignored", async () => {
    const { fake, popup } = setup()
    const wait = waitForOAuthPopup(fake.window, popup, origin, { stateCode: 'state-1' })
    broadcast({ type: 'PRIVY_OAUTH_RESPONSE', stateCode: 'state-other', authorizationCode: 'forged' })
    broadcast({ type: 'PRIVY_OAUTH_ERROR', error: 'no state' })
    broadcast({ type: 'SOMETHING_ELSE', stateCode: 'state-1', authorizationCode: 'forged' })
    broadcast('PRIVY_OAUTH_RESPONSE')
    broadcast({ type: 'PRIVY_OAUTH_RESPONSE', stateCode: 'state-1', authorizationCode: 'code-1' })
    await expect(wait).resolves.toEqual({ stateCode: 'state-1', authorizationCode: 'code-1' })
  })

  test("error: PRIVY_OAUTH_ERROR with the flow's state: UNKNOWN_AUTH_ERROR", async () => {
    const { fake, popup } = setup()
    const wait = waitForOAuthPopup(fake.window, popup, origin, { stateCode: 'state-1' })
    broadcast({ type: 'PRIVY_OAUTH_ERROR', stateCode: 'state-1', error: 'provider failed' })
    const error = await wait.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OAuthUnknownError)
    expect((error as OAuthUnknownError).code).toBe('UNKNOWN_AUTH_ERROR')
    expect(popup.closed).toBe(true)
  })
})

describe('waitForOAuthPopup: abort', () => {
  test('default: closes the popup, stops polling and listening, rejects with the reason; a late answer is ignored', async () => {
    const { fake, popup } = setup()
    const controller = new AbortController()
    const wait = waitForOAuthPopup(fake.window, popup, origin, {
      stateCode: 'state-1',
      signal: controller.signal,
    })
    controller.abort()
    const error = await wait.catch((caught: unknown) => caught)
    expect((error as DOMException).name).toBe('AbortError')
    expect(popup.closed).toBe(true)
    expect(fake.listenerCount()).toBe(0)
    expect(fake.intervalCount()).toBe(0)
    // Late answers reach nobody: no listener, and the promise settled once.
    fake.dispatch({
      origin,
      source: popup,
      data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: 'state-1', authorizationCode: 'late' },
    })
    broadcast({ type: 'PRIVY_OAUTH_RESPONSE', stateCode: 'state-1', authorizationCode: 'late' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    await expect(wait).rejects.toBe(error)
  })

  test('behavior: an already aborted signal closes the popup at once', async () => {
    const { fake, popup } = setup()
    const wait = waitForOAuthPopup(fake.window, popup, origin, {
      stateCode: 'state-1',
      signal: AbortSignal.abort(),
    })
    await expect(wait).rejects.toMatchObject({ name: 'AbortError' })
    expect(popup.closed).toBe(true)
    expect(fake.listenerCount()).toBe(0)
    expect(fake.intervalCount()).toBe(0)
  })
})
