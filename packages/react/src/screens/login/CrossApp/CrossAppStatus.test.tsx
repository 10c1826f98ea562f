import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createTestClient,
  type TestCall,
  type TestRoutes,
  testAuthResponse,
  testUser,
} from '../../../../test/createTestClient'
import { type FakePopup, openFakePopups } from '../../../../test/fakePopup'
import { renderFoyerAndOpen } from '../../../../test/renderFoyer'
import { renderHost } from '../../../../test/renderHost'
import { signInWithTestCode } from '../../../../test/renderInProvider'
import type { FoyerConfig } from '../../../FoyerProvider/FoyerConfig'
import { useCrossAppAccounts } from '../../../hooks/useCrossAppAccounts'

const PROVIDER = 'foyerdemoprovider00000000'
const authorizeUrl = 'http://provider.test/oauth/authorize?state=s'
const origin = 'http://localhost:3000'

const routes = (extra: TestRoutes = {}): TestRoutes => ({
  [`GET /api/v1/apps/${PROVIDER}/cross-app/details`]: () => ({
    status: 200,
    body: { name: 'Provider App', icon_url: null },
  }),
  'POST /api/v1/oauth/init': () => ({ status: 200, body: { url: authorizeUrl } }),
  'POST /api/v1/oauth/authenticate': () => ({ status: 200, body: testAuthResponse() }),
  ...extra,
})

const stateOf = (calls: TestCall[]) =>
  (calls.find((call) => call.path === '/api/v1/oauth/init')?.body as { state_code?: string } | undefined)
    ?.state_code ?? ''

let popups: FakePopup[] = []
let blocked = false
beforeEach(() => {
  popups = []
  blocked = false
  openFakePopups(popups, () => blocked)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

/** The hook's pending link, set by {@link LinkHost}'s click. */
let linked: Promise<unknown> = Promise.resolve()

/** A host page with one button that calls `loginWithCrossAppAccount` (a link when signed in). */
function LinkHost() {
  const { loginWithCrossAppAccount } = useCrossAppAccounts()
  return (
    <button
      type="button"
      onClick={() => {
        linked = loginWithCrossAppAccount({ appId: PROVIDER })
      }}
    >
      Link provider
    </button>
  )
}

const config: FoyerConfig = { loginMethods: ['email', `privy:${PROVIDER}`] }

describe('cross-app landing entry and screen', () => {
  test("default: 'Continue with Provider App', the popup at the provider, then signed in", async () => {
    const { user, calls } = await renderFoyerAndOpen({
      routes: routes(),
      config,
    })
    await user.click(await screen.findByRole('button', { name: 'Continue with Provider App' }))
    expect(await screen.findByRole('heading', { name: 'Logging in with Provider App' })).toBeTruthy()
    expect(screen.getByText('Complete the sign-in in the Provider App window.')).toBeTruthy()
    await waitFor(() => expect(popups[0]?.replacedWith).toEqual([authorizeUrl]))
    expect(calls.find((call) => call.path === '/api/v1/oauth/init')?.body).toMatchObject({
      provider: `privy:${PROVIDER}`,
    })
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin,
          source: popups[0] as never,
          data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: stateOf(calls), authorizationCode: 'code-1' },
        }),
      )
    })
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/oauth/authenticate')?.body).toMatchObject({
      authorization_code: 'code-1',
      provider: `privy:${PROVIDER}`,
    })
  })

  test("error: no popup: 'Failed to initialize signature request', with Retry", async () => {
    blocked = true
    const { user } = await renderFoyerAndOpen({
      routes: routes(),
      config,
    })
    await user.click(await screen.findByRole('button', { name: 'Continue with Provider App' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to initialize signature request')
    blocked = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(popups[0]?.replacedWith).toEqual([authorizeUrl]))
  })

  test('error: a provider that does not allow this app shows the server text', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: routes({
        'POST /api/v1/oauth/init': () => ({
          status: 403,
          body: {
            error: 'This app may not sign in with the requested provider app.',
            code: 'cross_app_connection_not_allowed',
          },
        }),
      }),
      config,
    })
    await user.click(await screen.findByRole('button', { name: 'Continue with Provider App' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This app may not sign in with the requested provider app.',
    )
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })

  test('behavior: signed in, loginWithCrossAppAccount links instead (docs/api.md) and resolves with the user', async () => {
    const { client, calls } = createTestClient({
      ...routes(),
      'GET /api/v1/users/me': () => ({ status: 200, body: { user: testUser } }),
      'POST /api/v1/oauth/link': () => ({ status: 200, body: testUser }),
      'POST /api/v1/sessions': () => ({ status: 200, body: testAuthResponse() }),
    })
    await signInWithTestCode(client)
    renderHost(client, <LinkHost />)
    act(() => screen.getByRole('button', { name: 'Link provider' }).click())
    expect(await screen.findByRole('heading', { name: 'Linking Provider App' })).toBeTruthy()
    await waitFor(() => expect(popups[0]?.replacedWith).toEqual([authorizeUrl]))
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin,
          source: popups[0] as never,
          data: { type: 'PRIVY_OAUTH_RESPONSE', stateCode: stateOf(calls), authorizationCode: 'code-2' },
        }),
      )
    })
    await expect(linked).resolves.toMatchObject({ id: testUser.id })
    expect(calls.find((call) => call.path === '/api/v1/oauth/link')?.body).toMatchObject({
      authorization_code: 'code-2',
      provider: `privy:${PROVIDER}`,
    })
    expect(calls.some((call) => call.path === '/api/v1/oauth/authenticate')).toBe(false)
  })
})
