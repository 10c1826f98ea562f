import { createMemoryStorage } from '@foyer/core'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  appConfigRoute,
  TEST_APP_ID,
  type TestCall,
  type TestRoutes,
  testAuthResponse,
} from '../../../../test/createTestClient'
import { type FakePopup, openFakePopups } from '../../../../test/fakePopup'
import { renderFoyerAndOpen } from '../../../../test/renderFoyer'

// Closing the modal aborts a popup flow; the popup's answer over BroadcastChannel; header privy-ui; the
// docs/errors.md placeholders. (The screen's other behaviour: OAuthStatus.test.tsx.)

const providerUrl = 'https://idp.test/authorize?client_id=1'
const flowKey = `foyer:${TEST_APP_ID}:oauth_flow`

const oauthRoutes = (overrides: TestRoutes = {}): TestRoutes => ({
  ...appConfigRoute({ google_oauth: true, github_oauth: true }),
  'POST /api/v1/oauth/init': () => ({ status: 200, body: { url: providerUrl } }),
  'POST /api/v1/oauth/authenticate': () => ({ status: 200, body: testAuthResponse() }),
  ...overrides,
})

function stateOf(calls: TestCall[]): string {
  const body = calls.find((call) => call.path === '/api/v1/oauth/init')?.body as { state_code?: string }
  return body?.state_code ?? ''
}

/** The popup's return page posting to its opener (docs/wire.md#oauth): the server's, by default. */
function postFromPopup(popup: object, data: object, from = 'http://foyer.test') {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin: from, source: popup as never, data }))
  })
}

let popups: FakePopup[] = []
const channels: BroadcastChannel[] = []
beforeEach(() => {
  popups = []
  openFakePopups(popups)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  for (const channel of channels.splice(0)) channel.close()
})

describe('OAuthStatus: closing the modal during a popup flow', () => {
  test.each([false, true])(
    'default: aborts it: popup closed, stored verifier and state dropped, a late answer ignored (strict mode: %s)',
    async (strict) => {
      const storage = createMemoryStorage()
      const { user, calls, client } = await renderFoyerAndOpen({ routes: oauthRoutes(), storage, strict })
      await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
      await waitFor(() => expect(popups[0]?.replacedWith).toEqual([providerUrl]))
      // Strict mode's unmount and mount again must not abort the flow.
      await act(() => Promise.resolve())
      expect(popups[0]?.closed).toBe(false)
      expect(await storage.get(flowKey)).not.toBeNull()
      const stateCode = stateOf(calls)

      await user.click(screen.getByRole('button', { name: 'Close' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      await waitFor(() => expect(popups[0]?.closed).toBe(true))
      await waitFor(async () => expect(await storage.get(flowKey)).toBeNull())

      postFromPopup(popups[0] as object, {
        type: 'PRIVY_OAUTH_RESPONSE',
        stateCode,
        authorizationCode: 'late',
      })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(calls.some((call) => call.path === '/api/v1/oauth/authenticate')).toBe(false)
      expect(client.getState().user).toBeNull()
    },
  )
})

describe('OAuthStatus: the popup lost its opener', () => {
  test("default: the answer on BroadcastChannel 'popup-privy-oauth' with the flow's state signs in", async () => {
    Object.defineProperty(window, 'BroadcastChannel', { value: BroadcastChannel, configurable: true })
    try {
      const { user, calls } = await renderFoyerAndOpen({ routes: oauthRoutes() })
      await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
      await waitFor(() => expect(popups[0]?.replacedWith).toEqual([providerUrl]))
      const channel = new BroadcastChannel('popup-privy-oauth')
      channels.push(channel)
      // Another flow's answer (another tab) is not taken.
      channel.postMessage({ type: 'PRIVY_OAUTH_RESPONSE', stateCode: 'other-state', authorizationCode: 'x' })
      channel.postMessage({
        type: 'PRIVY_OAUTH_RESPONSE',
        stateCode: stateOf(calls),
        authorizationCode: 'code-7',
      })
      expect(await screen.findByText('Success!')).toBeTruthy()
      const exchanges = calls.filter((call) => call.path === '/api/v1/oauth/authenticate')
      expect(exchanges.map((call) => call.body)).toEqual([
        expect.objectContaining({ authorization_code: 'code-7', state_code: stateOf(calls) }),
      ])
      expect(popups[0]?.closed).toBe(true)
    } finally {
      Reflect.deleteProperty(window, 'BroadcastChannel')
    }
  })
})

describe("OAuthStatus: oauth/init header 'privy-ui'", () => {
  test("default: the modal's flow sends 'privy-ui: t' (docs/wire.md#oauth)", async () => {
    const { user, client } = await renderFoyerAndOpen({ routes: oauthRoutes() })
    const fetchSpy = vi.spyOn(client._internal, 'fetch')
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await waitFor(() => expect(popups[0]?.replacedWith).toEqual([providerUrl]))
    const init = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/api/v1/oauth/init'))
    const headers = (init?.[1]?.headers ?? {}) as Record<string, string>
    expect(headers['privy-ui']).toBe('t')
  })
})

describe('OAuthStatus: docs/errors.md placeholders', () => {
  test("error: a denial names the provider's id, capitalised, for {scope}: 'Retry and check Github …'", async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: oauthRoutes() })
    await user.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    await waitFor(() => expect(popups[0]?.replacedWith).toHaveLength(1))
    postFromPopup(popups[0] as object, {
      type: 'PRIVY_OAUTH_RESPONSE',
      stateCode: stateOf(calls),
      authorizationCode: 'undefined',
    })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Retry and check Github to finish connecting your account.',
    )
  })

  test("error: a suspended account names the provider's display name for {provider}: 'Your GitHub account …'", async () => {
    const routes = oauthRoutes({
      'POST /api/v1/oauth/authenticate': () => ({
        status: 403,
        body: { error: 'suspended', code: 'oauth_account_suspended' },
      }),
    })
    const { user, calls } = await renderFoyerAndOpen({ routes })
    await user.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    await waitFor(() => expect(popups[0]?.replacedWith).toHaveLength(1))
    postFromPopup(popups[0] as object, {
      type: 'PRIVY_OAUTH_RESPONSE',
      stateCode: stateOf(calls),
      authorizationCode: 'code-1',
    })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your GitHub account is suspended. Please try another login method.',
    )
  })
})

describe("OAuthStatus: the popup's return page (oauth.popupRedirectTo)", () => {
  const returnPage = 'http://localhost:3000/oauth-return.html'

  test('default: the popup returns to popupRedirectTo (sent as redirect_to), and its answer signs in', async () => {
    const config = { oauth: { popupRedirectTo: returnPage, redirectTo: 'http://localhost:3000/app' } }
    const { user, calls } = await renderFoyerAndOpen({ routes: oauthRoutes(), config })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await waitFor(() => expect(popups[0]?.replacedWith).toEqual([providerUrl]))
    const init = calls.find((call) => call.path === '/api/v1/oauth/init')?.body as { redirect_to?: string }
    expect(init.redirect_to).toBe(returnPage)
    postFromPopup(
      popups[0] as object,
      {
        type: 'PRIVY_OAUTH_RESPONSE',
        stateCode: stateOf(calls),
        authorizationCode: 'code-9',
      },
      'http://localhost:3000',
    )
    expect(await screen.findByText('Success!')).toBeTruthy()
  })

  test("default: without it, the popup returns to the server's return page, which names this page", async () => {
    const config = { oauth: { redirectTo: 'http://localhost:3000/app' } }
    const { user, calls } = await renderFoyerAndOpen({ routes: oauthRoutes(), config })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await waitFor(() => expect(popups[0]?.replacedWith).toEqual([providerUrl]))
    const init = calls.find((call) => call.path === '/api/v1/oauth/init')?.body as { redirect_to?: string }
    const sent = new URL(init.redirect_to ?? '')
    expect(sent.origin + sent.pathname).toBe('http://foyer.test/api/v1/oauth/popup_return')
    expect(sent.searchParams.get('return_to')).toBe('http://localhost:3000/app')
    // Its answer comes from the server's origin; one from the app's origin would not be the popup's page.
    postFromPopup(popups[0] as object, {
      type: 'PRIVY_OAUTH_RESPONSE',
      stateCode: stateOf(calls),
      authorizationCode: 'code-9',
    })
    expect(await screen.findByText('Success!')).toBeTruthy()
  })

  test('default: a full-page redirect still returns to redirectTo', async () => {
    const config = {
      oauth: {
        mode: 'redirect' as const,
        popupRedirectTo: returnPage,
        redirectTo: 'http://localhost:3000/app',
      },
    }
    const { user, calls } = await renderFoyerAndOpen({ routes: oauthRoutes(), config })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/oauth/init')).toBe(true))
    const init = calls.find((call) => call.path === '/api/v1/oauth/init')?.body as { redirect_to?: string }
    expect(init.redirect_to).toBe('http://localhost:3000/app')
  })
})
