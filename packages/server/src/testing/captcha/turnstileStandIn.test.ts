import { runInNewContext } from 'node:vm'
import { transform } from 'esbuild'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  issueTurnstileToken,
  startTurnstileStandIn,
  type TurnstileStandIn,
  turnstileTestKeys,
} from './turnstileStandIn'

let turnstile: TurnstileStandIn

beforeAll(async () => {
  turnstile = await startTurnstileStandIn({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await turnstile?.close()
})

/** A token from the stand-in, as the widget would get it on `hostname`. */
const issueToken = (hostname?: string, sitekey?: string) => issueTurnstileToken(turnstile, hostname, sitekey)

describe('turnstileStandIn', () => {
  async function siteverify(fields: Record<string, string>, json = false) {
    const response = await fetch(turnstile.verifyUrl, {
      method: 'POST',
      ...(json
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) }
        : { body: new URLSearchParams(fields) }),
    })
    expect(response.status).toBe(200)
    return (await response.json()) as Record<string, unknown>
  }
  const secret = turnstileTestKeys.secretPasses

  test('default: a token verifies once with the real answer shape, then timeout-or-duplicate', async () => {
    const issuedBefore = turnstile.tokensIssued()
    const token = await issueToken('app.example')
    expect(token).toMatch(/^[A-Za-z0-9_-]{200}$/)
    expect(turnstile.tokensIssued()).toBe(issuedBefore + 1)
    const answer = await siteverify({ secret, response: token, remoteip: '203.0.113.7' })
    expect(answer).toEqual({
      success: true,
      'error-codes': [],
      messages: [],
      challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      hostname: 'app.example',
      action: 'login',
      cdata: 'foyer',
      metadata: { interactive: false },
    })
    expect(await siteverify({ secret, response: token })).toMatchObject({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
    })
  })

  test('error: siteverify error codes of the test secrets and missing fields', async () => {
    const token = await issueToken()
    expect(await siteverify({ secret, response: 'unknown-token' })).toMatchObject({
      success: false,
      'error-codes': ['invalid-input-response'],
    })
    expect(await siteverify({ secret: turnstileTestKeys.secretFails, response: token })).toMatchObject({
      success: false,
      'error-codes': ['invalid-input-response'],
    })
    expect(await siteverify({ secret: turnstileTestKeys.secretSpent, response: token })).toMatchObject({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
    })
    expect(await siteverify({ secret: 'some-other-secret', response: token })).toMatchObject({
      success: false,
      'error-codes': ['invalid-input-secret'],
    })
    expect(await siteverify({ response: token })).toMatchObject({ 'error-codes': ['missing-input-secret'] })
    expect(await siteverify({ secret })).toMatchObject({ 'error-codes': ['missing-input-response'] })
    // None of those spent it; a JSON body works as well as a form.
    expect(await siteverify({ secret, response: token }, true)).toMatchObject({ success: true })
  })

  test('behavior: a repeated idempotency_key gets the first answer', async () => {
    const token = await issueToken()
    const idempotency_key = '6f1c2b9e-3d4a-4b5c-8d6e-7f8091a2b3c4'
    const first = await siteverify({ secret, response: token, idempotency_key })
    expect(first).toMatchObject({ success: true })
    expect(await siteverify({ secret, response: token, idempotency_key })).toEqual(first)
    expect(
      await siteverify({ secret, response: token, idempotency_key: '0d6f1b2c-1a2b-4c3d-9e4f-5a6b7c8d9e0f' }),
    ).toMatchObject({ success: false, 'error-codes': ['timeout-or-duplicate'] })
    expect(turnstile.verifyCalls.at(-1)).toMatchObject({ secret, response: token })
  })

  test('error: a token older than 300 s → timeout-or-duplicate', async () => {
    let clock = Date.UTC(2030, 0, 1)
    const standIn = await startTurnstileStandIn({ now: () => clock })
    try {
      const issue = () =>
        fetch(`${standIn.url}/turnstile/v0/issue`, {
          method: 'POST',
          body: JSON.stringify({ sitekey: turnstileTestKeys.sitePasses, hostname: 'localhost' }),
        }).then(async (response) => ((await response.json()) as { token: string }).token)
      const verify = async (response: string) =>
        (
          await fetch(standIn.verifyUrl, { method: 'POST', body: new URLSearchParams({ secret, response }) })
        ).json()
      const fresh = await issue()
      const old = await issue()
      clock += 299_000
      expect(await verify(fresh)).toMatchObject({ success: true })
      clock += 1_000
      expect(await verify(old)).toMatchObject({ success: false, 'error-codes': ['timeout-or-duplicate'] })
    } finally {
      await standIn.close()
    }
  })

  test('behavior: setVerifyDelayMs delays the siteverify answer', async () => {
    turnstile.setVerifyDelayMs(300)
    try {
      const started = performance.now()
      await siteverify({ secret, response: 'x' })
      expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    } finally {
      turnstile.setVerifyDelayMs(0)
    }
  })

  test('default: GET api.js serves ES2017 JavaScript with CORS *', async () => {
    const response = await fetch(turnstile.scriptUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const script = await response.text()
    expect(script).toContain('window.turnstile')
    // esbuild lowers any syntax newer than the target: an ES2017 script comes out the same as for esnext.
    const asIs = await transform(script, { target: 'esnext', loader: 'js' })
    const lowered = await transform(script, { target: 'es2017', loader: 'js' })
    expect(lowered.code).toBe(asIs.code)
  })

  describe('api.js widget (run in a VM against the stand-in)', () => {
    /** Loads api.js into a fresh global with just what it touches: location, document, fetch, timers. */
    async function loadScript(query = '?render=explicit', globals: Record<string, unknown> = {}) {
      const script = await (await fetch(`${turnstile.url}/turnstile/v0/api.js${query}`)).text()
      const container = { nodeType: 1 }
      const sandbox: Record<string, unknown> = {
        location: { hostname: 'localhost' },
        document: { querySelector: (selector: string) => (selector === '#captcha' ? container : null) },
        fetch,
        setTimeout,
        clearTimeout,
        console,
        ...globals,
      }
      sandbox.window = sandbox
      runInNewContext(script, sandbox)
      return { turnstile: sandbox.turnstile as Record<string, (...args: unknown[]) => unknown>, container }
    }

    test('default: render runs at once and calls back with a token that siteverify accepts', async () => {
      const { turnstile: widget } = await loadScript()
      const token = await new Promise<string>((resolve, reject) => {
        widget.render?.('#captcha', {
          sitekey: turnstileTestKeys.sitePasses,
          action: 'login',
          cData: 'from-widget',
          callback: resolve,
          'error-callback': reject,
        })
      })
      expect(widget.getResponse?.()).toBe(token)
      expect(widget.isExpired?.()).toBe(false)
      expect(await siteverify({ secret, response: token })).toMatchObject({
        success: true,
        hostname: 'localhost',
        action: 'login',
        cdata: 'from-widget',
      })
    })

    test("behavior: execution 'execute' waits for execute(); reset clears the token; remove forgets it", async () => {
      const { turnstile: widget, container } = await loadScript()
      const tokens: string[] = []
      const id = widget.render?.(container, {
        sitekey: turnstileTestKeys.sitePasses,
        execution: 'execute',
        callback: (token: string) => tokens.push(token),
      })
      expect(id).toEqual(expect.any(String))
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(tokens).toEqual([])
      widget.execute?.(id)
      await expect.poll(() => tokens.length, { timeout: 3000 }).toBe(1)
      expect(widget.getResponse?.(id)).toBe(tokens[0])
      widget.reset?.(id)
      expect(widget.getResponse?.(id)).toBeUndefined()
      widget.remove?.(id)
      expect(widget.getResponse?.(id)).toBeUndefined()
    })

    test("error: site key 2x00000000000000000000AB calls error-callback('300030')", async () => {
      const { turnstile: widget } = await loadScript()
      const issuedBefore = turnstile.tokensIssued()
      const code = await new Promise<string>((resolve) => {
        widget.render?.('#captcha', {
          sitekey: turnstileTestKeys.siteBlocks,
          callback: () => resolve('called back'),
          'error-callback': resolve,
        })
      })
      expect(code).toBe('300030')
      expect(turnstile.tokensIssued()).toBe(issuedBefore)
    })

    test('default: ?onload=<name> calls window[name]() once turnstile is defined', async () => {
      let seen: unknown
      const sandbox: Record<string, unknown> = {}
      sandbox.onTurnstileLoad = () => {
        seen = (sandbox.window as Record<string, unknown>).turnstile
      }
      const script = await (await fetch(`${turnstile.url}/turnstile/v0/api.js?onload=onTurnstileLoad`)).text()
      sandbox.window = sandbox
      runInNewContext(script, sandbox)
      expect(seen).toEqual(
        expect.objectContaining({ render: expect.any(Function), ready: expect.any(Function) }),
      )
    })
  })
})
