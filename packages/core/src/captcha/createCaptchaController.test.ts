import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { CaptchaError } from './CaptchaError'
import { createCaptchaController } from './createCaptchaController'
import type { Turnstile, TurnstileRenderParameters } from './Turnstile'

/**
 * An in-test stand-in for `window.turnstile` (Cloudflare's browser API is outside the machine): records
 * calls and lets the test fire the widget's callbacks.
 */
function fakeTurnstile() {
  let options: TurnstileRenderParameters | undefined
  const turnstile = {
    render: vi.fn((_container: string | HTMLElement, parameters: TurnstileRenderParameters) => {
      options = parameters
      return 'widget-1'
    }),
    execute: vi.fn(),
    reset: vi.fn(),
    remove: vi.fn(),
    getResponse: vi.fn(() => undefined),
  } satisfies Turnstile
  const callbacks = () => {
    if (!options) throw new Error('not rendered')
    return options
  }
  return {
    turnstile,
    options: () => options,
    pass: (token: string) => callbacks().callback?.(token),
    error: (code: string) => callbacks()['error-callback']?.(code),
    expire: () => callbacks()['expired-callback']?.('old'),
    timeout: () => callbacks()['timeout-callback']?.(),
    interactive: () => callbacks()['before-interactive-callback']?.(),
  }
}

const container = {} as HTMLElement

function setup() {
  const fake = fakeTurnstile()
  const captcha = createCaptchaController({
    turnstile: fake.turnstile,
    siteKey: '1x00000000000000000000AA',
    container,
  })
  return { fake, captcha }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createCaptchaController', () => {
  test('error: a waiter with nothing running, or whose token another took, rejects at once', async () => {
    const { fake, captcha } = setup()
    await expect(captcha.waitForToken()).rejects.toMatchObject({ code: 'captcha_failed' })
    captcha.execute()
    const first = captcha.waitForToken()
    const second = captcha.waitForToken()
    const secondSettled = second.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(500)
    fake.pass('token-1')
    await vi.advanceTimersByTimeAsync(200)
    await expect(first).resolves.toBe('token-1')
    expect(await secondSettled).toBeInstanceOf(CaptchaError)
  })

  test('behavior: a waiter of a replaced run never times out the newer run', async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    const stale = captcha.waitForToken().catch((error: unknown) => error)
    captcha.reset()
    captcha.execute()
    const fresh = captcha.waitForToken()
    await vi.advanceTimersByTimeAsync(500)
    expect(await stale).toMatchObject({ code: 'captcha_failed' })
    await vi.advanceTimersByTimeAsync(19_000)
    fake.pass('token-2')
    await vi.advanceTimersByTimeAsync(200)
    await expect(fresh).resolves.toBe('token-2')
  })

  test('default: ready; execute renders after 0.5 s and the token is taken once', async () => {
    const { fake, captcha } = setup()
    expect(captcha.getState()).toEqual({
      status: 'ready',
      token: null,
      error: null,
      executing: false,
      interactive: false,
    })
    captcha.execute()
    expect(captcha.getState()).toMatchObject({ status: 'loading', executing: true })
    await vi.advanceTimersByTimeAsync(499)
    expect(fake.turnstile.render).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.turnstile.render).toHaveBeenCalledTimes(1)
    expect(fake.options()).toMatchObject({
      sitekey: '1x00000000000000000000AA',
      execution: 'execute',
      appearance: 'interaction-only',
      retry: 'never',
      'refresh-expired': 'manual',
    })
    expect(fake.turnstile.execute).toHaveBeenCalledWith('widget-1')
    fake.pass('token-1')
    expect(captcha.getState()).toMatchObject({ status: 'success', token: 'token-1', executing: false })
    expect(captcha.takeToken()).toBe('token-1')
    expect(captcha.takeToken()).toBeNull()
    expect(captcha.getState().status).toBe('ready')
  })

  test('behavior: waitForToken polls every 200 ms and resolves with the token, taking it', async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    const waiting = captcha.waitForToken()
    await vi.advanceTimersByTimeAsync(500)
    fake.pass('token-1')
    // Not seen before the next poll.
    let resolved: string | undefined
    void waiting.then((token) => {
      resolved = token
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(resolved).toBeUndefined()
    await vi.advanceTimersByTimeAsync(200)
    expect(resolved).toBe('token-1')
    expect(captcha.getState()).toMatchObject({ status: 'ready', token: null })
  })

  test('behavior: execute does nothing while a run is under way', async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    expect(fake.turnstile.execute).toHaveBeenCalledTimes(1)
  })

  test('behavior: a failed challenge is retried 3 times after 1 s, 2 s and 4 s, then errors', async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    expect(fake.turnstile.execute).toHaveBeenCalledTimes(1)
    for (const [n, delay] of [
      [2, 1000],
      [3, 2000],
      [4, 4000],
    ] as const) {
      fake.error('300030')
      expect(captcha.getState().status).toBe('loading')
      await vi.advanceTimersByTimeAsync(delay - 1)
      expect(fake.turnstile.execute).toHaveBeenCalledTimes(n - 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(fake.turnstile.execute).toHaveBeenCalledTimes(n)
      expect(fake.turnstile.reset).toHaveBeenCalledTimes(n - 1)
    }
    expect(fake.turnstile.render).toHaveBeenCalledTimes(1)
    fake.error('300030')
    expect(captcha.getState()).toMatchObject({ status: 'error', error: '300030', executing: false })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fake.turnstile.execute).toHaveBeenCalledTimes(4)
  })

  test('behavior: a retry that passes ends in success', async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    fake.error('110600')
    await vi.advanceTimersByTimeAsync(1000)
    fake.pass('token-2')
    expect(captcha.getState()).toMatchObject({ status: 'success', token: 'token-2' })
  })

  test("error: waitForToken rejects with 'captcha_failed' ('Captcha failed') when the run fails", async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    const waiting = captcha.waitForToken()
    const outcome = waiting.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(500)
    fake.error('300030')
    await vi.advanceTimersByTimeAsync(1000)
    fake.error('300030')
    await vi.advanceTimersByTimeAsync(2000)
    fake.error('300030')
    await vi.advanceTimersByTimeAsync(4000)
    fake.error('300030')
    await vi.advanceTimersByTimeAsync(200)
    const error = await outcome
    expect(error).toBeInstanceOf(CaptchaError)
    expect(error).toMatchObject({ code: 'captcha_failed', shortMessage: 'Captcha failed', details: '300030' })
  })

  test("error: waitForToken gives up after 20 s with 'CAPTCHA_TIMEOUT' and clears the executing flag", async () => {
    const { captcha } = setup()
    captcha.execute()
    const outcome = captcha.waitForToken().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(19_999)
    expect(captcha.getState().executing).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error).toMatchObject({ code: 'CAPTCHA_TIMEOUT', message: 'Captcha failed' })
    expect(captcha.getState()).toMatchObject({ status: 'error', error: 'CAPTCHA_TIMEOUT', executing: false })
  })

  test('behavior: expiry resets the widget and clears the token', async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    fake.pass('token-1')
    fake.expire()
    expect(fake.turnstile.reset).toHaveBeenCalledWith('widget-1')
    expect(captcha.getState()).toMatchObject({ status: 'ready', token: null })
    expect(captcha.takeToken()).toBeNull()
  })

  test("error: expiry whose reset fails records 'expired_and_failed_reset'", async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    fake.pass('token-1')
    fake.turnstile.reset.mockImplementationOnce(() => {
      throw new Error('gone')
    })
    fake.expire()
    expect(captcha.getState()).toMatchObject({
      status: 'error',
      error: 'expired_and_failed_reset',
      token: null,
    })
  })

  test('behavior: an unsolved interactive challenge is an error, not retried', async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    fake.interactive()
    expect(captcha.getState().interactive).toBe(true)
    fake.timeout()
    expect(captcha.getState()).toMatchObject({ status: 'error', error: 'timeout', interactive: false })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fake.turnstile.execute).toHaveBeenCalledTimes(1)
  })

  test('behavior: execute after an error runs again; reset stops a pending run', async () => {
    const { fake, captcha } = setup()
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    fake.timeout()
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    expect(fake.turnstile.execute).toHaveBeenCalledTimes(2)
    fake.pass('token-1')
    captcha.execute()
    expect(captcha.getState()).toMatchObject({ status: 'loading', token: null })
    captcha.reset()
    await vi.advanceTimersByTimeAsync(500)
    expect(fake.turnstile.execute).toHaveBeenCalledTimes(2)
    expect(captcha.getState().status).toBe('ready')
  })

  test('behavior: a render that throws counts as a failed attempt', async () => {
    const { fake, captcha } = setup()
    fake.turnstile.render.mockImplementationOnce(() => {
      throw new Error('Invalid sitekey')
    })
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    expect(captcha.getState().status).toBe('loading')
    await vi.advanceTimersByTimeAsync(1000)
    expect(fake.turnstile.render).toHaveBeenCalledTimes(2)
    fake.pass('token-1')
    expect(captcha.getState().status).toBe('success')
  })

  test("behavior: destroy removes the widget; waitForToken then rejects; state 'disabled'", async () => {
    const { fake, captcha } = setup()
    const listener = vi.fn()
    captcha.subscribe(listener)
    captcha.execute()
    await vi.advanceTimersByTimeAsync(500)
    captcha.destroy()
    expect(fake.turnstile.remove).toHaveBeenCalledWith('widget-1')
    expect(captcha.getState().status).toBe('disabled')
    expect(listener).toHaveBeenCalled()
    await expect(captcha.waitForToken()).rejects.toMatchObject({ code: 'captcha_unavailable' })
    captcha.execute()
    expect(captcha.getState().status).toBe('disabled')
  })
})
