import { describe, expect, test } from 'vitest'
import { context, page, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import {
  freshEmail,
  openDemo,
  readWhoami,
  signInWithEmail,
  verifyWithBackEnd,
} from './support/signInWithEmail'

useSharedStack()
useBrowser({ page: 'each' })

/** The `sub` and `sid` of the access token the page holds (from localStorage). */
async function heldClaims(): Promise<{ sub: string; sid: string; token: string }> {
  return page.evaluate(() => {
    const token = localStorage.getItem('foyer:foyerdemoapp0000000000000:access_token') ?? ''
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')))
    return { sub: payload.sub, sid: payload.sid, token }
  })
}

describe('the demo back end verifies the session with @foyer/node', () => {
  test('default: after sign-in it verifies the token from the privy-token cookie and from the Authorization header', async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail())
    const held = await heldClaims()

    // The client wrote privy-token (the access token) and privy-session for the host back end.
    const cookies = await context.cookies(stack.demoUrl)
    const token = cookies.find((cookie) => cookie.name === 'privy-token')
    expect(token).toMatchObject({ value: held.token, sameSite: 'Strict', path: '/', httpOnly: false })
    expect(token?.secure).toBe(false) // plain http on 127.0.0.1 (docs/limits.md)
    expect(token?.expires).toBeGreaterThan(Date.now() / 1000 + 3500)
    expect(cookies.find((cookie) => cookie.name === 'privy-session')).toMatchObject({ value: 't' })

    // Shown automatically after sign-in.
    await expect.poll(async () => (await readWhoami(page))?.status).toBe(200)

    const viaCookie = await verifyWithBackEnd(page, 'cookie')
    expect(viaCookie).toMatchObject({
      status: 200,
      via: 'cookie',
      userId: held.sub,
      sessionId: held.sid,
      appId: 'foyerdemoapp0000000000000',
    })
    const viaHeader = await verifyWithBackEnd(page, 'authorization')
    expect(viaHeader).toMatchObject({
      status: 200,
      via: 'authorization',
      userId: held.sub,
      sessionId: held.sid,
    })
  })

  test('error: after logout the cookie is gone and the back end answers 401', async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail())
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
    const names = (await context.cookies(stack.demoUrl)).map((cookie) => cookie.name)
    expect(names).not.toContain('privy-token')
    expect(names).not.toContain('privy-session')
    expect(await verifyWithBackEnd(page, 'cookie')).toMatchObject({ status: 401, code: 'missing_token' })
  })

  test('error: a forged or foreign token is refused by the back end', async () => {
    await openDemo(page, stack.demoUrl)
    await context.addCookies([{ name: 'privy-token', value: 'not.a.jwt', url: stack.demoUrl }])
    expect(await verifyWithBackEnd(page, 'cookie')).toMatchObject({ status: 401, code: 'malformed_token' })

    // A genuine token of the demo app, presented to a back end of another app: that app's keys refuse it.
    const other = await stack.createApp({ name: 'Other' })
    await signInWithEmail(page, stack.apiUrl, freshEmail())
    const { token } = await heldClaims()
    const response = await page.evaluate(
      async ({ bearer, appId }) => {
        const answer = await fetch(`/api/whoami?appId=${appId}`, {
          headers: { authorization: `Bearer ${bearer}` },
          credentials: 'omit',
        })
        return { status: answer.status, body: await answer.json() }
      },
      { bearer: token, appId: other.id },
    )
    expect(response).toEqual({
      status: 401,
      body: { error: expect.any(String), code: 'unknown_key' },
    })
  })
})
