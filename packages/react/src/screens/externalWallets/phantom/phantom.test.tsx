import { createMemoryStorage } from '@foyer/core'
import { base58 } from '@scure/base'
import { cleanup, screen, waitFor } from '@testing-library/react'
import nacl from 'tweetnacl'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  appConfigRoute,
  createTestClient,
  type TestRoutes,
  testAuthResponse,
  testUser,
  walletNonceAnswer,
} from '../../../../test/createTestClient'
import { renderFoyerAndOpen } from '../../../../test/renderFoyer'
import { renderHost } from '../../../../test/renderHost'
import { useFoyer } from '../../../hooks/useFoyer'

// Phantom's app is outside the machine: the links the modal opens are caught (`openPhantomLink`) and answered
// here from Phantom's documented protocol (x25519 box), the way the app sends the user back.
const opened: string[] = []
vi.mock('./phantomOnPhone', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./phantomOnPhone')>()),
  openPhantomLink: (link: string) => opened.push(link),
}))

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const PAGE = 'http://localhost:3000/shop?tab=1'

beforeEach(() => {
  opened.length = 0
  window.history.replaceState(null, '', PAGE)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function routes(): TestRoutes {
  return {
    ...appConfigRoute({ wallet_auth: false, solana_wallet_auth: true }),
    'POST /api/v1/siws/init': walletNonceAnswer,
    'POST /api/v1/siws/authenticate': () => ({ status: 200, body: testAuthResponse() }),
  }
}

/** Phantom's app: answers `connect` and `signMessage` links on their redirect links. */
function phantomApp() {
  const signer = nacl.sign.keyPair()
  const phantom = nacl.box.keyPair()
  let secret: Uint8Array = new Uint8Array()
  const seal = (value: unknown) => {
    const nonce = nacl.randomBytes(24)
    const data = nacl.box.after(new TextEncoder().encode(JSON.stringify(value)), nonce, secret)
    return { nonce: base58.encode(nonce), data: base58.encode(data) }
  }
  const back = (link: string, values: Record<string, string>) => {
    const url = new URL(new URL(link).searchParams.get('redirect_link') ?? '')
    for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value)
    return url.toString()
  }
  return {
    address: base58.encode(signer.publicKey),
    connect(link: string) {
      const key = new URL(link).searchParams.get('dapp_encryption_public_key') ?? ''
      secret = nacl.box.before(base58.decode(key), phantom.secretKey)
      return back(link, {
        phantom_encryption_public_key: base58.encode(phantom.publicKey),
        ...seal({ public_key: base58.encode(signer.publicKey), session: 'session-1' }),
      })
    },
    signMessage(link: string) {
      const params = new URL(link).searchParams
      const opened = nacl.box.open.after(
        base58.decode(params.get('payload') ?? ''),
        base58.decode(params.get('nonce') ?? ''),
        secret,
      )
      const { message } = JSON.parse(new TextDecoder().decode(opened ?? new Uint8Array())) as {
        message: string
      }
      return back(
        link,
        seal({ signature: base58.encode(nacl.sign.detached(base58.decode(message), signer.secretKey)) }),
      )
    },
  }
}

function Host() {
  const { ready, authenticated, user } = useFoyer()
  return (
    <p data-testid="host-status">
      {ready ? (authenticated ? `signed in as ${user?.id}` : 'signed out') : 'loading'}
    </p>
  )
}

/** A page load of the app (a return from Phantom is one): a new client over the same browser storage. */
function loadPage(storage: ReturnType<typeof createMemoryStorage>) {
  const { client, calls } = createTestClient(routes(), { storage })
  renderHost(client, <Host />)
  return { client, calls }
}

describe('Phantom on a phone', () => {
  test('behavior: the wallet list offers Phantom; its interstitial has the install guide and opens the connect link', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    const { user } = await renderFoyerAndOpen({ routes: routes() })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    await user.click(await screen.findByRole('button', { name: /^Phantom/ }))
    expect(await screen.findByRole('heading', { name: 'Open Phantom' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Install Phantom/ }).getAttribute('href')).toBe(
      'https://phantom.com/download',
    )
    expect(screen.getByRole('button', { name: 'Reload the page to use your wallet' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Open in Phantom' }))
    await waitFor(() => expect(opened).toHaveLength(1))
    const link = new URL(opened[0] ?? '')
    expect(`${link.origin}${link.pathname}`).toBe('https://phantom.app/ul/v1/connect')
    expect(link.searchParams.get('app_url')).toBe('http://localhost:3000')
    const redirect = new URL(link.searchParams.get('redirect_link') ?? '')
    expect(redirect.searchParams.get('privy_wallet_client')).toBe('phantom')
    expect(redirect.searchParams.get('tab')).toBe('1')
  })

  test('behavior: on a desktop browser the wallet list does not offer Phantom links', async () => {
    const { user } = await renderFoyerAndOpen({ routes: routes() })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    await screen.findByText(/No wallets found/)
    expect(screen.queryByRole('button', { name: /^Phantom/ })).toBeNull()
  })

  test('behavior: two returns from Phantom (connect, then the SIWS signature) sign the user in', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    const storage = createMemoryStorage()
    const phantom = phantomApp()
    const { user } = await renderFoyerAndOpen({ routes: routes(), storage })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    await user.click(await screen.findByRole('button', { name: /^Phantom/ }))
    await user.click(await screen.findByRole('button', { name: 'Open in Phantom' }))
    await waitFor(() => expect(opened).toHaveLength(1))
    cleanup()

    // The first return: the page loads with the connect answer; the modal opens at 'Sign to verify'.
    window.history.replaceState(null, '', phantom.connect(opened[0] ?? ''))
    const first = loadPage(storage)
    await user.click(await screen.findByRole('button', { name: 'Sign with Phantom' }))
    expect(window.location.href).toBe(PAGE)
    expect(first.calls.filter((call) => call.path === '/api/v1/siws/init')).toHaveLength(1)
    await waitFor(() => expect(opened).toHaveLength(2))
    cleanup()

    // The second return: the signature; the SIWS sign-in completes.
    window.history.replaceState(null, '', phantom.signMessage(opened[1] ?? ''))
    const second = loadPage(storage)
    await waitFor(() =>
      expect(screen.getByTestId('host-status').textContent).toBe(`signed in as ${testUser.id}`),
    )
    const body = second.calls.find((call) => call.path === '/api/v1/siws/authenticate')?.body
    expect(body).toMatchObject({ walletClientType: 'phantom', connectorType: 'deep_link' })
    expect((body as { message: string }).message).toContain(phantom.address)
    expect(window.location.href).toBe(PAGE)
  })
})
