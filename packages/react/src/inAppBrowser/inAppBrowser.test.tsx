import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createEthereumTestWallet } from '../../../core/test/externalTestWallets'
import { appConfigRoute, type TestRoutes, testAuthResponse } from '../../test/createTestClient'
import { openFakePopups } from '../../test/fakePopup'
import { renderFoyerAndOpen } from '../../test/renderFoyer'

// docs/modal.md "In-app browser login not possible", docs/limits.md; docs/limits.md: in an embedded web view,
// an OAuth provider that refuses web views shows 'Could not log in with {provider}', and a browser wallet
// connects on a click.

const instagram =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 322.0.2.23.109'
const eth = createEthereumTestWallet({ chainId: 1 })

beforeAll(() => {
  window.addEventListener('eip6963:requestProvider', () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid: 'mm', name: 'MetaMask', rdns: 'io.metamask', icon: 'data:image/svg+xml,<svg/>' },
          provider: eth.wallet.provider,
        }),
      }),
    ),
  )
})

let openSpy: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(instagram)
  openSpy = openFakePopups([])
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const nonce = 'abcdef0123456789abcdef0123456789'
const routes: TestRoutes = {
  ...appConfigRoute({ google_oauth: true, github_oauth: true }),
  'POST /api/v1/oauth/init': () => ({ status: 200, body: { url: 'https://idp.test/authorize' } }),
  'POST /api/v1/siwe/init': ({ body }) => ({
    status: 200,
    body: { nonce, address: (body as { address: string }).address, expires_at: '' },
  }),
  'POST /api/v1/siwe/authenticate': () => ({ status: 200, body: testAuthResponse() }),
}
const walletFirst: TestRoutes = {
  ...routes,
  ...appConfigRoute({ wallet_auth: true }),
}

describe('in an in-app browser', () => {
  test("error: Google shows 'Could not log in with Google' and asks for an external browser; nothing opens", async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes })
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }))
    expect(await screen.findByRole('heading', { name: 'Could not log in with Google' })).toBeTruthy()
    expect(
      screen.getByText(
        "Google doesn't allow logging in from this app's built-in browser. Open this page in an external browser, such as Safari or Chrome, to continue.",
      ),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
    expect(openSpy).not.toHaveBeenCalled()
    expect(calls.some((call) => call.path === '/api/v1/oauth/init')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Try another method' }))
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy()
  })

  test('behavior: a provider that accepts web views (GitHub) starts as usual', async () => {
    const { user } = await renderFoyerAndOpen({ routes })
    await user.click(await screen.findByRole('button', { name: 'Continue with GitHub' }))
    expect(openSpy).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('heading', { name: 'Could not log in with GitHub' })).toBeNull()
  })

  test("behavior: a browser wallet waits for a click on 'Connect MetaMask', then signs in", async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: walletFirst })
    await user.click(await screen.findByRole('button', { name: 'Continue with a wallet' }))
    // The wallet screens load on demand (their own chunks): a longer wait.
    await user.click(await screen.findByRole('button', { name: /MetaMask/ }, { timeout: 5000 }))
    const connect = await screen.findByRole('button', { name: 'Connect MetaMask' }, { timeout: 5000 })
    expect(screen.getByText('Tap the button below to connect MetaMask.')).toBeTruthy()
    // Nothing was asked of the wallet before the click.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.some((call) => call.path === '/api/v1/siwe/init')).toBe(false)
    await user.click(connect)
    expect(await screen.findByText('Success!')).toBeTruthy()
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/siwe/authenticate')).toBe(true))
  })
})
