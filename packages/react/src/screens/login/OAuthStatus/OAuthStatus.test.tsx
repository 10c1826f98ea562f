import { getRecentLoginMethod, logout } from '@foyer/core'
import { initLoginWithOAuth } from '@foyer/core/oauth'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  appConfigRoute,
  createTestClient,
  type TestCall,
  type TestRoutes,
  testAuthResponse,
  testUser,
} from '../../../../test/createTestClient'
import { type FakePopup, openFakePopups } from '../../../../test/fakePopup'
import { createFakeTurnstile } from '../../../../test/fakeTurnstile'
import {
  LinkUnlinkButtons,
  linkThenUnlinkRoutes,
  renderSignedInHost,
  unlinkOnceClosed,
} from '../../../../test/linkHost'
import { renderFoyerAndOpen } from '../../../../test/renderFoyer'
import { renderHost } from '../../../../test/renderHost'
import { useFoyer } from '../../../hooks/useFoyer'
import { useLinkOAuth } from '../../../hooks/useLinkOAuth'

const providerUrl = 'https://idp.test/authorize?client_id=1'
const origin = 'http://localhost:3000'

const oauthRoutes = (settings = {}): TestRoutes => ({
  ...appConfigRoute({ google_oauth: true, github_oauth: true, apple_oauth: true, ...settings }),
  'POST /api/v1/oauth/init': () => ({ status: 200, body: { url: providerUrl } }),
  'POST /api/v1/oauth/authenticate': () => ({ status: 200, body: testAuthResponse() }),
})

function stateOf(calls: TestCall[]): string {
  const body = calls.find((call) => call.path === '/api/v1/oauth/init')?.body as
    | { state_code?: string }
    | undefined
  return body?.state_code ?? ''
}

/** The server's popup return page (its origin: the API's) posting to this window (docs/wire.md#oauth). */
function postFromPopup(popup: object, data: object, from = 'http://foyer.test') {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin: from, source: popup as never, data }))
  })
}

/** Waits for the popup to be sent to the provider, then answers from it: `authorizationCode` and the flow's state. */
async function approveInPopup(calls: TestCall[], authorizationCode = 'code-1') {
  await waitFor(() => expect(popups[0]?.replacedWith).toHaveLength(1))
  postFromPopup(popups[0] as object, {
    type: 'PRIVY_OAUTH_RESPONSE',
    stateCode: stateOf(calls),
    authorizationCode,
  })
}

let popups: FakePopup[] = []
let openSpy: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  popups = []
  openSpy = openFakePopups(popups)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

describe('landing OAuth buttons', () => {
  test('default: a button per provider the app has on, in the documented order, each with its icon', async () => {
    await renderFoyerAndOpen({ routes: oauthRoutes() })
    const names = screen.getAllByRole('button', { name: /^Continue with / }).map((b) => b.textContent)
    expect(names).toEqual(['Continue with Google', 'Continue with GitHub', 'Continue with Apple'])
    const google = screen.getByRole('button', { name: 'Continue with Google' })
    expect(google.querySelector('svg[data-provider-icon="google"][aria-hidden="true"]')).not.toBeNull()
  })

  test('behavior: config.loginMethods filters and orders them', async () => {
    await renderFoyerAndOpen({
      routes: oauthRoutes(),
      config: { loginMethods: ['github', 'email', 'google', 'discord'] },
    })
    const names = screen.getAllByRole('button', { name: /^Continue with / }).map((b) => b.textContent)
    expect(names).toEqual(['Continue with GitHub', 'Continue with Google'])
  })

  test('behavior: no buttons when the app has every provider off', async () => {
    await renderFoyerAndOpen()
    expect(screen.queryByRole('button', { name: /^Continue with / })).toBeNull()
  })
})

describe('OAuthStatus', () => {
  test('default: popup flow: 440 × 680 popup, verifying, then success; the provider becomes the recent method', async () => {
    const { user, calls, client } = await renderFoyerAndOpen({ routes: oauthRoutes() })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    expect(openSpy).toHaveBeenCalledWith('', 'foyer-oauth', expect.stringMatching(/width=440,height=680/))
    expect(await screen.findByRole('heading', { name: 'Logging in with Google' })).toBeTruthy()
    expect(screen.getByText('Complete the sign-in in the Google window.')).toBeTruthy()
    // The spinner is centred under the provider, not at the screen's left edge.
    const spinner = screen.getByRole('dialog').querySelector('.foyer-screen > .foyer-spinner') as HTMLElement
    expect(getComputedStyle(spinner).alignSelf).toBe('center')
    await waitFor(() => expect(popups[0]?.replacedWith).toEqual([providerUrl]))
    expect(calls.find((call) => call.path === '/api/v1/oauth/init')?.body).toMatchObject({
      provider: 'google',
      // The server's own return page, naming this page (docs/modal.md "The popup's return page").
      redirect_to: `http://foyer.test/api/v1/oauth/popup_return?return_to=${encodeURIComponent(`${origin}/`)}`,
    })
    const verifying = await axe.run(screen.getByRole('dialog'), {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    })
    expect(verifying.violations.map((violation) => violation.id)).toEqual([])
    postFromPopup(popups[0] as object, {
      type: 'PRIVY_OAUTH_RESPONSE',
      stateCode: stateOf(calls),
      authorizationCode: 'code-1',
    })
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/oauth/authenticate')?.body).toMatchObject({
      authorization_code: 'code-1',
      state_code: stateOf(calls),
      mode: 'login-or-sign-up',
    })
    expect(client.getState().user?.id).toBe(testUser.id)
    expect(popups[0]?.closed).toBe(true)
    expect(await getRecentLoginMethod(client)).toBe('google')
  })

  test("behavior: sign-up disabled sends mode 'no-signup'", async () => {
    const { user, calls } = await renderFoyerAndOpen({
      routes: oauthRoutes(),
      config: { oauth: { disableSignup: true } },
    })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await approveInPopup(calls)
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/oauth/authenticate')?.body).toMatchObject({
      mode: 'no-signup',
    })
  })

  test('error: a denial shows the documented text and Retry, which opens a new popup (keyboard)', async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: oauthRoutes() })
    screen.getByRole('button', { name: 'Continue with Google' }).focus()
    await user.keyboard('{Enter}')
    await approveInPopup(calls, 'undefined')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Retry and check Google to finish connecting your account.')
    expect(screen.getByRole('heading', { name: 'Could not log in with Google' })).toBeTruthy()
    expect(calls.some((call) => call.path === '/api/v1/oauth/authenticate')).toBe(false)
    const results = await axe.run(screen.getByRole('dialog'), {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    })
    expect(results.violations.map((violation) => violation.id)).toEqual([])
    screen.getByRole('button', { name: 'Retry' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(popups).toHaveLength(2))
    expect(await screen.findByText('Complete the sign-in in the Google window.')).toBeTruthy()
  })

  test("error: a popup message from another origin: 'Origins between parent and child windows do not match.'", async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: oauthRoutes() })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await waitFor(() => expect(popups[0]?.replacedWith).toHaveLength(1))
    postFromPopup(
      popups[0] as object,
      { type: 'PRIVY_OAUTH_RESPONSE', stateCode: stateOf(calls), authorizationCode: 'code-1' },
      'https://evil.test',
    )
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Origins between parent and child windows do not match.',
    )
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  test.each([
    ['oauth_account_suspended', 403, 'Your Google account is suspended. Please try another login method.'],
    ['cannot_link_more_of_type', 400, 'You cannot authorize more than one account for this user.'],
    ['linked_to_another_user', 400, 'This account has already been linked to another user.'],
  ])('error: %s shows its text without Retry', async (code, status, text) => {
    const routes = {
      ...oauthRoutes(),
      'POST /api/v1/oauth/authenticate': () => ({ status, body: { error: 'refused', code } }),
    }
    const { user, calls } = await renderFoyerAndOpen({ routes })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await approveInPopup(calls)
    expect((await screen.findByRole('alert')).textContent).toBe(text)
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Try another method' })).toBeTruthy()
  })

  test('behavior: a blocked popup falls back to a full-page redirect', async () => {
    openSpy.mockImplementation(() => null)
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const { user, calls } = await renderFoyerAndOpen({ routes: oauthRoutes() })
    await user.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerUrl))
    expect(await screen.findByText('Taking you to GitHub')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/oauth/init')?.body).toMatchObject({
      provider: 'github',
    })
  })

  test('behavior: an app with captcha: the captcha screen first, then the flow carries its token', async () => {
    vi.stubGlobal('turnstile', createFakeTurnstile('pass').turnstile)
    try {
      const routes = oauthRoutes({ captcha_enabled: true, captcha_site_key: 't:1x00000000000000000000AA' })
      const { user, calls } = await renderFoyerAndOpen({ routes })
      await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
      expect(
        await screen.findByText('Complete the sign-in in the Google window.', {}, { timeout: 5000 }),
      ).toBeTruthy()
      await waitFor(() => expect(popups[0]?.replacedWith).toEqual([providerUrl]))
      expect(calls.find((call) => call.path === '/api/v1/oauth/init')?.body).toMatchObject({
        provider: 'google',
        token: 'token-1',
      })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test("behavior: config.oauth.mode 'redirect' opens no popup", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const { user } = await renderFoyerAndOpen({
      routes: oauthRoutes(),
      config: { oauth: { mode: 'redirect' } },
    })
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerUrl))
    expect(openSpy).not.toHaveBeenCalled()
  })
})

/** A host page showing whether someone is signed in. */
function Host() {
  const { authenticated } = useFoyer()
  return <p data-testid="host">{authenticated ? 'signed in' : 'signed out'}</p>
}

/** A page load after the provider: the URL carries the return, the storage the flow begun before. */
async function renderReturn(provider: string, code: string, routes: TestRoutes) {
  const first = createTestClient(routes)
  const { stateCode } = await initLoginWithOAuth(first.client, {
    provider,
    redirectTo: `${origin}/account?tab=2`,
    mode: 'redirect',
  })
  window.history.replaceState(
    null,
    '',
    `/account?tab=2&privy_oauth_code=${code}&privy_oauth_state=${stateCode}&privy_oauth_provider=${provider}`,
  )
  const { client, calls } = createTestClient(routes, { storage: first.client._internal.storage() })
  renderHost(client, <Host />)
  return { client, calls, stateCode }
}

test("behavior: after an OAuth sign-in, 'Recent' marks that provider's button", async () => {
  const first = await renderFoyerAndOpen({ routes: oauthRoutes() })
  await first.user.click(screen.getByRole('button', { name: 'Continue with GitHub' }))
  await approveInPopup(first.calls)
  expect(await screen.findByText('Success!')).toBeTruthy()
  // Signed out (the recent method outlives the session), so the next page load shows the landing again.
  await act(() => logout(first.client))
  const storage = first.client._internal.storage()
  cleanup()
  await renderFoyerAndOpen({ routes: oauthRoutes(), storage })
  const github = screen.getByRole('button', { name: 'Continue with GitHub' })
  await waitFor(() => expect(github.textContent).toBe('Continue with GitHubRecent'))
  expect(screen.getByRole('button', { name: 'Continue with Google' }).textContent).toBe(
    'Continue with Google',
  )
})

describe('redirect return', () => {
  test("behavior: 'Verifying' and the provider show on the provider's first render, before any lazy code", async () => {
    await renderReturn('google', 'code-7', oauthRoutes())
    // Synchronously after the first render: no chunk, style sheet or stored flow has loaded yet.
    const placeholder = screen.getByRole('dialog', { name: 'Verifying' })
    expect(placeholder.textContent).toContain('Google')
    // The status screen takes its place and finishes the sign-in.
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Verifying' })).toBeNull()
  })

  test('default: the modal opens on the status screen, signs in, and the URL loses the parameters', async () => {
    const { calls, stateCode } = await renderReturn('google', 'code-7', oauthRoutes())
    const success = await screen.findByText('Success!')
    expect(screen.getByRole('dialog').contains(success)).toBe(true)
    expect(calls.find((call) => call.path === '/api/v1/oauth/authenticate')?.body).toMatchObject({
      authorization_code: 'code-7',
      state_code: stateCode,
    })
    expect(window.location.href).toBe(`${origin}/account?tab=2`)
    await waitFor(() => expect(screen.getByTestId('host').textContent).toBe('signed in'))
  })

  test('behavior: in the popup, the page hands the code to its opener and closes; no modal', async () => {
    const posted: unknown[] = []
    const opener = {
      postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
    }
    Object.defineProperty(window, 'opener', { value: opener, configurable: true })
    const close = vi.spyOn(window, 'close').mockImplementation(() => {})
    try {
      const routes = oauthRoutes()
      const first = createTestClient(routes)
      const { stateCode } = await initLoginWithOAuth(first.client, {
        provider: 'google',
        redirectTo: `${origin}/`,
      })
      window.history.replaceState(
        null,
        '',
        `/?privy_oauth_code=code-3&privy_oauth_state=${stateCode}&privy_oauth_provider=google`,
      )
      // The popup's page: a new client over the same storage (the opener's flow is there).
      const { client, calls } = createTestClient(routes, { storage: first.client._internal.storage() })
      renderHost(client, <Host />)
      await waitFor(() => expect(close).toHaveBeenCalled())
      expect(posted).toEqual([
        {
          message: { type: 'PRIVY_OAUTH_RESPONSE', stateCode, authorizationCode: 'code-3' },
          targetOrigin: origin,
        },
      ])
      expect(screen.queryByRole('dialog')).toBeNull()
      expect(calls.some((call) => call.path === '/api/v1/oauth/authenticate')).toBe(false)
    } finally {
      Object.defineProperty(window, 'opener', { value: null, configurable: true })
    }
  })

  test("behavior: an unknown provider shows the generic icon and the name 'Unknown'", async () => {
    const routes = {
      ...oauthRoutes(),
      'POST /api/v1/oauth/authenticate': () => ({
        status: 400,
        body: { error: 'bad', code: 'invalid_data' },
      }),
    }
    await renderReturn('myspace', 'code-7', routes)
    expect(await screen.findByRole('heading', { name: 'Could not log in with Unknown' })).toBeTruthy()
    expect(screen.getByRole('dialog').querySelector('svg[data-provider-icon="unknown"]')).not.toBeNull()
  })
})

/** A host page with Link and Unlink buttons for GitHub. */
function LinkHost() {
  const { linkOAuth, unlinkOAuth } = useLinkOAuth()
  return (
    <LinkUnlinkButtons
      name="GitHub"
      link={() => linkOAuth('github')}
      unlink={() => unlinkOAuth('github', 'gh-1')}
    />
  )
}

describe('useLinkOAuth', () => {
  test('default: links through the status screen, then unlinks', async () => {
    const linked = {
      ...testUser,
      linked_accounts: [
        ...testUser.linked_accounts,
        {
          type: 'github_oauth' as const,
          subject: 'gh-1',
          username: 'ada',
          name: 'Ada',
          email: null,
          verified_at: 1,
          first_verified_at: 1,
          latest_verified_at: 1,
        },
      ],
    }
    const routes: TestRoutes = {
      ...oauthRoutes(),
      'POST /api/v1/passwordless/authenticate': () => ({ status: 200, body: testAuthResponse() }),
      'POST /api/v1/oauth/link': () => ({ status: 200, body: linked }),
      'POST /api/v1/oauth/unlink': () => ({ status: 200, body: testUser }),
      ...linkThenUnlinkRoutes(linked),
    }
    const { client, calls } = createTestClient(routes)
    const user = await renderSignedInHost(client, <LinkHost />)
    await user.click(screen.getByRole('button', { name: 'Link GitHub' }))
    expect(await screen.findByRole('heading', { name: 'Linking GitHub' })).toBeTruthy()
    await approveInPopup(calls)
    expect(await screen.findByText('Your account has been linked.')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/oauth/link')?.body).toMatchObject({
      authorization_code: 'code-1',
    })
    expect(client.getState().user).toEqual(linked)
    await unlinkOnceClosed(user, client, 'GitHub')
    expect(calls.find((call) => call.path === '/api/v1/oauth/unlink')?.body).toEqual({
      provider: 'github',
      subject: 'gh-1',
    })
  })
})
