import { CaptchaError } from './CaptchaError'
import type { Turnstile } from './Turnstile'

/** How often `waitForToken` looks at the result, in ms (docs/modal.md, docs/limits.md). */
export const CAPTCHA_POLL_INTERVAL_MS = 200
/** How long `waitForToken` waits before `CAPTCHA_TIMEOUT`, in ms (docs/modal.md, docs/limits.md). */
export const CAPTCHA_TIMEOUT_MS = 20_000
/** How many times a failed challenge is run again (docs/modal.md, docs/limits.md). */
export const CAPTCHA_RETRIES = 3
/** Delay before the first retry, in ms; each further retry waits twice as long (docs/limits.md). */
export const CAPTCHA_RETRY_DELAY_MS = 1000
/** Delay between `execute()` and running the widget, in ms (docs/limits.md). */
export const CAPTCHA_EXECUTE_DELAY_MS = 500

/**
 * Captcha status (docs/modal.md "Captcha status"): `'ready'` (rendered or not, no run under way), `'loading'`
 * (a run is under way), `'success'` (a token is held), `'error'` (the run failed), `'disabled'` (destroyed).
 */
export type CaptchaStatus = 'disabled' | 'ready' | 'loading' | 'success' | 'error'

/** An immutable snapshot of a {@link CaptchaController}. */
export type CaptchaState = {
  readonly status: CaptchaStatus
  /** The token while `status` is `'success'` and it was not taken yet; else `null`. */
  readonly token: string | null
  /**
   * Why `status` is `'error'`: Turnstile's error code (e.g. `'300030'`), `'timeout'` (an interactive
   * challenge was not solved), `'CAPTCHA_TIMEOUT'` (`waitForToken` gave up), `'expired_and_failed_reset'`;
   * else `null`.
   */
  readonly error: string | null
  /** Whether a run is under way (cleared on success and on error). */
  readonly executing: boolean
  /** Whether the widget currently asks the visitor to interact (its container must be visible). */
  readonly interactive: boolean
}

/** Parameters of {@link createCaptchaController}. */
export type CreateCaptchaControllerParameters = {
  /** `window.turnstile`, from `loadTurnstile()`. */
  turnstile: Turnstile
  /** The site key without its `t:` prefix, from `siteKeyOf(appConfig)`. */
  siteKey: string
  /** The element the widget renders into (invisible unless the challenge needs interaction). */
  container: HTMLElement
  /** Turnstile `action`, returned by siteverify (analytics). */
  action?: string | undefined
  /** Runs after a failure; default {@link CAPTCHA_RETRIES} (3). */
  retries?: number | undefined
  /** First retry delay in ms, doubling each retry; default {@link CAPTCHA_RETRY_DELAY_MS} (1 s). */
  retryDelayMs?: number | undefined
  /** Delay before a run starts, in ms; default {@link CAPTCHA_EXECUTE_DELAY_MS} (0.5 s). */
  executeDelayMs?: number | undefined
  /** `waitForToken` poll interval in ms; default {@link CAPTCHA_POLL_INTERVAL_MS} (200 ms). */
  pollIntervalMs?: number | undefined
  /** `waitForToken` timeout in ms; default {@link CAPTCHA_TIMEOUT_MS} (20 s). */
  timeoutMs?: number | undefined
}

/** A captcha widget and its result: see {@link createCaptchaController}. */
export type CaptchaController = {
  /** The current snapshot; a new object only when something changed. */
  getState(): CaptchaState
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /**
   * Starts a run: `'loading'`, then after the execute delay renders the widget (first time) and executes it.
   * A failure is run again up to `retries` times (1 s, 2 s, 4 s later), then `'error'`. Does nothing while a
   * run is under way, or when destroyed. Clears a held token.
   */
  execute(): void
  /**
   * Waits for the run's result, looking every 200 ms: resolves with the token (taking it), rejects when the
   * run failed, when no run is under way (never executed, or another waiter took the token), when a newer
   * run replaced it, or after 20 s. Does not start a run: call `execute()` first.
   *
   * @throws {CaptchaError} `'captcha_failed'` ('Captcha failed'; `details`: Turnstile's code, or why no
   *   token will come),
   *   `'CAPTCHA_TIMEOUT'` ('Captcha failed') after `timeoutMs`, `'captcha_unavailable'` when destroyed
   */
  waitForToken(): Promise<string>
  /** Takes the held token (a token is used once): returns it and clears it (`'ready'`); `null` when none. */
  takeToken(): string | null
  /** Stops any run, clears the token and resets the widget (`'ready'`). */
  reset(): void
  /** Removes the widget and stops everything (`'disabled'`). */
  destroy(): void
}

const initialState: CaptchaState = {
  status: 'ready',
  token: null,
  error: null,
  executing: false,
  interactive: false,
}

/**
 * Creates the captcha controller of one widget (docs/modal.md "Captcha status", docs/limits.md timings) over
 * Cloudflare Turnstile's client API. The widget is rendered lazily on the first run, with
 * `execution: 'execute'`, `appearance: 'interaction-only'` (invisible unless the visitor must interact), and
 * Turnstile's own retry and refresh off (this controller retries, and on expiry resets and clears the token,
 * or records `'expired_and_failed_reset'`). State belongs to the controller: nothing is shared between
 * instances.
 *
 * @param parameters - {@link CreateCaptchaControllerParameters}
 * @returns a {@link CaptchaController}
 * @example
 * const captcha = createCaptchaController({ turnstile: await loadTurnstile(), siteKey: siteKeyOf(appConfig), container })
 * captcha.execute()
 * const captchaToken = await captcha.waitForToken()
 * await sendEmailCode(client, { email, captchaToken })
 */
export function createCaptchaController(parameters: CreateCaptchaControllerParameters): CaptchaController {
  const { turnstile, siteKey, container } = parameters
  const retries = parameters.retries ?? CAPTCHA_RETRIES
  const retryDelayMs = parameters.retryDelayMs ?? CAPTCHA_RETRY_DELAY_MS
  const executeDelayMs = parameters.executeDelayMs ?? CAPTCHA_EXECUTE_DELAY_MS
  const pollIntervalMs = parameters.pollIntervalMs ?? CAPTCHA_POLL_INTERVAL_MS
  const timeoutMs = parameters.timeoutMs ?? CAPTCHA_TIMEOUT_MS

  let state = initialState
  const listeners = new Set<() => void>()
  let widgetId: string | undefined
  let attempt = 0
  /** The pending execute or retry timer. */
  let timer: ReturnType<typeof setTimeout> | undefined
  /** Bumped by reset/destroy/execute so that callbacks of an older run are ignored. */
  let run = 0

  const set = (patch: Partial<CaptchaState>) => {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }
  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  const fail = (error: string) => {
    clearTimer()
    set({ status: 'error', error, executing: false, interactive: false, token: null })
  }

  /** A failed attempt of run `current`: retried while attempts remain, then `'error'`. */
  const failed = (current: number, error: string) => {
    if (current !== run || state.status !== 'loading') return
    if (attempt >= retries) {
      fail(error)
      return
    }
    attempt += 1
    clearTimer()
    timer = setTimeout(() => runWidget(current), retryDelayMs * 2 ** (attempt - 1))
  }

  const render = (): string => {
    const id = turnstile.render(container, {
      sitekey: siteKey,
      execution: 'execute',
      appearance: 'interaction-only',
      retry: 'never',
      'refresh-expired': 'manual',
      ...(parameters.action === undefined ? {} : { action: parameters.action }),
      callback: (token) => {
        if (state.status !== 'loading') return
        clearTimer()
        set({ status: 'success', token, error: null, executing: false, interactive: false })
      },
      'error-callback': (code) => {
        failed(run, code || 'unknown')
        return true
      },
      'expired-callback': () => {
        // docs/modal.md: on expiry reset and clear the token, or record 'expired_and_failed_reset'.
        try {
          if (widgetId !== undefined) turnstile.reset(widgetId)
          set({ status: 'ready', token: null, error: null, executing: false, interactive: false })
        } catch {
          fail('expired_and_failed_reset')
        }
      },
      // An interactive challenge the visitor did not solve: it prompted the user, so it is not retried.
      'timeout-callback': () => {
        if (state.status === 'loading') fail('timeout')
      },
      'before-interactive-callback': () => set({ interactive: true }),
      'after-interactive-callback': () => set({ interactive: false }),
    })
    if (typeof id !== 'string') throw new Error('turnstile.render returned no widget id')
    return id
  }

  const runWidget = (current: number) => {
    timer = undefined
    if (current !== run) return
    try {
      if (widgetId === undefined) widgetId = render()
      else turnstile.reset(widgetId)
      turnstile.execute(widgetId)
    } catch (error) {
      failed(current, error instanceof Error ? error.message : 'render_failed')
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    execute() {
      if (state.status === 'disabled' || state.executing) return
      run += 1
      attempt = 0
      clearTimer()
      set({ status: 'loading', token: null, error: null, executing: true })
      const current = run
      timer = setTimeout(() => runWidget(current), executeDelayMs)
    },
    waitForToken() {
      return new Promise<string>((resolve, reject) => {
        let waited = 0
        const mine = run
        const look = () => {
          if (state.status === 'disabled') {
            reject(new CaptchaError({ code: 'captcha_unavailable', details: 'The captcha was destroyed.' }))
          } else if (run !== mine) {
            // A newer run (execute, reset) replaced the one this waiter was for: it is not left to time out
            // later and fail the newer run.
            reject(
              new CaptchaError({ code: 'captcha_failed', details: 'A newer challenge replaced this one.' }),
            )
          } else if (state.status === 'success' && state.token !== null) {
            const token = state.token
            set({ status: 'ready', token: null })
            resolve(token)
          } else if (state.status === 'error') {
            reject(new CaptchaError({ code: 'captcha_failed', details: state.error ?? undefined }))
          } else if (state.status === 'ready' && !state.executing) {
            // Nothing is running (never executed, or another waiter took the token): no token will come.
            reject(new CaptchaError({ code: 'captcha_failed', details: 'No challenge is running.' }))
          } else if (waited >= timeoutMs) {
            // docs/modal.md: give up with CAPTCHA_TIMEOUT ('Captcha failed'); the executing flag is cleared.
            run += 1
            fail('CAPTCHA_TIMEOUT')
            reject(new CaptchaError({ code: 'CAPTCHA_TIMEOUT' }))
          } else {
            waited += pollIntervalMs
            setTimeout(look, pollIntervalMs)
          }
        }
        look()
      })
    },
    takeToken() {
      const token = state.token
      if (token !== null) set({ status: 'ready', token: null })
      return token
    },
    reset() {
      if (state.status === 'disabled') return
      run += 1
      clearTimer()
      try {
        if (widgetId !== undefined) turnstile.reset(widgetId)
      } catch {
        // A widget that cannot reset is rendered again on the next run.
        widgetId = undefined
      }
      set({ ...initialState })
    },
    destroy() {
      if (state.status === 'disabled') return
      run += 1
      clearTimer()
      try {
        if (widgetId !== undefined) turnstile.remove(widgetId)
      } catch {
        // Already gone with its container.
      }
      widgetId = undefined
      set({ ...initialState, status: 'disabled' })
    },
  }
}
