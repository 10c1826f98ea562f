import { act, cleanup, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createEthereumTestWallet, createSolanaTestWallet } from '../../../../core/test/externalTestWallets'
import {
  appConfigRoute,
  createTestClient,
  TEST_APP_ID,
  type TestRoutes,
  testAccessToken,
  testAuthResponse,
  testUser,
  walletNonceAnswer,
} from '../../../test/createTestClient'
import { renderFoyerAndOpen } from '../../../test/renderFoyer'
import { renderInProvider } from '../../../test/renderInProvider'
import { useConnectWallet } from '../../hooks/useConnectWallet'
import { useLinkWallet } from '../../hooks/useLinkWallet'

// Browser wallets are outside the machine: test wallets backed by real keys announce themselves the way real
// ones do (EIP-6963 for Ethereum, the wallet standard for Solana).
const eth = createEthereumTestWallet({ chainId: 1 })
const sol = createSolanaTestWallet({ name: 'Phantom' })

beforeAll(() => {
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid: 'mm', name: 'MetaMask', rdns: 'io.metamask', icon: 'data:image/svg+xml,<svg/>' },
          provider: eth.wallet.provider,
        }),
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  // As @wallet-standard/wallet `registerWallet` does: announce now, and again when the app gets ready.
  const callback = ({ register }: { register: (wallet: unknown) => void }) => register(sol.standardWallet)
  window.addEventListener('wallet-standard:app-ready', (event) =>
    callback((event as CustomEvent<{ register: (wallet: unknown) => void }>).detail),
  )
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
})
afterEach(() => {
  cleanup()
  eth.state.rejectNextSign = false
})

const authResponse = () => ({ status: 200, body: testAuthResponse() })

function walletRoutes(
  overrides: TestRoutes = {},
  flags = { wallet_auth: true, solana_wallet_auth: true },
): TestRoutes {
  return {
    ...appConfigRoute(flags),
    'POST /api/v1/siwe/init': walletNonceAnswer,
    'POST /api/v1/siws/init': walletNonceAnswer,
    'POST /api/v1/siwe/authenticate': authResponse,
    'POST /api/v1/siws/authenticate': authResponse,
    ...overrides,
  }
}

describe('landing', () => {
  test("behavior: 'Continue with a wallet' shows only when wallet_auth or solana_wallet_auth is on", async () => {
    await renderFoyerAndOpen({ routes: walletRoutes({}, { wallet_auth: false, solana_wallet_auth: true }) })
    expect(screen.getByRole('button', { name: 'Continue with a wallet' })).toBeTruthy()
    cleanup()
    await renderFoyerAndOpen()
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
  })
})

describe('landing, web3-first', () => {
  const web3First = () => ({
    ...walletRoutes(),
    ...appConfigRoute({ wallet_auth: true, solana_wallet_auth: true, show_wallet_login_first: true }),
  })
  /** The landing's buttons and email field in order (Close left out). */
  const landingEntries = () =>
    Array.from(
      screen.getByRole('dialog').querySelectorAll<HTMLElement>('.foyer-screen button, input[type=email]'),
    )
      .filter((control) => control.tagName === 'INPUT' || !control.closest('form'))
      .map((control) => (control.tagName === 'INPUT' ? 'email' : control.textContent))

  test('default: the detected wallets come first, one entry each, then the email form; a wallet signs in', async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: web3First() })
    await waitFor(() => expect(landingEntries()).toEqual(['MetaMask', 'PhantomSolana', 'email']), {
      timeout: 3000,
    })
    const results = await axe.run(screen.getByRole('dialog'), {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    })
    expect(results.violations.map((violation) => violation.id)).toEqual([])
    await user.click(screen.getByRole('button', { name: 'MetaMask' }))
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/siwe/authenticate')?.body).toMatchObject({
      walletClientType: 'metamask',
    })
  })

  test("behavior: more wallets than fit show 3 and 'Other wallets', which opens the wallet list", async () => {
    const extra = [
      ['rabby', 'Rabby Wallet', 'io.rabby'],
      ['rainbow', 'Rainbow', 'me.rainbow'],
      ['zerion', 'Zerion', 'io.zerion.wallet'],
    ] as const
    const announceExtra = () => {
      for (const [uuid, name, rdns] of extra)
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({
              info: { uuid, name, rdns, icon: 'data:image/svg+xml,<svg/>' },
              provider: { request: async () => null },
            }),
          }),
        )
    }
    window.addEventListener('eip6963:requestProvider', announceExtra)
    try {
      // Coinbase Wallet's SDK entry (offered after the search for browser wallets) is left out: 5 rows.
      const { user } = await renderFoyerAndOpen({ routes: web3First(), config: { coinbaseWallet: false } })
      await waitFor(() => expect(landingEntries()).toHaveLength(5))
      expect(landingEntries().slice(3)).toEqual(['Other wallets', 'email'])
      await user.click(screen.getByRole('button', { name: 'Other wallets' }))
      const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
      await waitFor(() => expect(list.querySelectorAll('button')).toHaveLength(5))
      await user.click(screen.getByRole('button', { name: 'Back' }))
      expect(await screen.findByRole('button', { name: 'Other wallets' })).toBeTruthy()
    } finally {
      window.removeEventListener('eip6963:requestProvider', announceExtra)
    }
  })
})

describe('WalletList', () => {
  test("default: rows with logo and name, 'Solana' chip, 'Connect' on hover, 'Recent' on the last one used", async () => {
    const { user, client } = await renderFoyerAndOpen({ routes: walletRoutes() })
    await client._internal.storage().set(
      `foyer:${TEST_APP_ID}:wallet_connections`,
      JSON.stringify([
        {
          address: sol.account.address,
          connectorType: 'wallet_standard',
          walletClientType: 'phantom',
          connectedAt: 1,
        },
      ]),
    )
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
    const rows = Array.from(list.querySelectorAll('button'))
    // Both are known wallets: discovery order within the group. The history is read after the list shows.
    await waitFor(() =>
      expect(rows.map((row) => row.textContent)).toEqual(['MetaMask', 'PhantomRecentSolana']),
    )
    expect(rows[0]?.querySelector('img')?.getAttribute('src')).toContain('data:image/svg+xml')
    await user.hover(rows[0] as HTMLElement)
    expect(rows[0]?.textContent).toBe('MetaMaskConnect')
    expect(screen.getByRole('heading', { name: 'Select your wallet' })).toBeTruthy()
    const results = await axe.run(screen.getByRole('dialog'), {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    })
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })

  test("behavior: the host's appearance.walletIcons replace a wallet's icon; a wallet without one gets the directory's", async () => {
    const hostIcon = 'https://cdn.example/metamask.svg'
    const { user } = await renderFoyerAndOpen({
      routes: walletRoutes(),
      config: {
        appearance: { walletIcons: { metamask: hostIcon, phantom: 'javascript:alert(1)' } },
        coinbaseWallet: false,
      },
    })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
    const icons = () =>
      Array.from(list.querySelectorAll('button')).map((row) => row.querySelector('img')?.getAttribute('src'))
    // An unsafe override is ignored: Phantom keeps its own icon.
    await waitFor(() => expect(icons()).toEqual([hostIcon, expect.stringContaining('data:image/')]))
    expect(icons()[1]).not.toContain('javascript')
  })

  test('behavior: WalletConnect wallet apps: those the walletList names with a mobile link, else the defaults', async () => {
    const { walletAppsFor } = await import('./walletConnect/WalletConnectAppLinks')
    expect(walletAppsFor(undefined).map((entry) => entry.walletClientType)).toEqual([
      'metamask',
      'rainbow',
      'trust',
      'uniswap',
      'zerion',
      'okx_wallet',
    ])
    // Brave Wallet has no mobile link; detected_wallets is a keyword, not a wallet.
    expect(
      walletAppsFor(['brave_wallet', 'zerion', 'detected_wallets', 'ledger']).map(
        (entry) => entry.walletClientType,
      ),
    ).toEqual(['zerion', 'ledger'])
  })

  test('behavior: only the families the app has on are listed', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: walletRoutes({}, { wallet_auth: true, solana_wallet_auth: false }),
    })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
    expect(Array.from(list.querySelectorAll('button')).map((row) => row.textContent)).toEqual(['MetaMask'])
  })

  test('behavior: WalletConnect is listed last when the app has a WalletConnect project id, for Ethereum only', async () => {
    const withProject = {
      wallet_auth: true,
      solana_wallet_auth: true,
      wallet_connect_cloud_project_id: 'local',
    }
    const { user } = await renderFoyerAndOpen({ routes: walletRoutes({}, withProject) })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
    await waitFor(() =>
      expect(Array.from(list.querySelectorAll('button')).map((row) => row.textContent)).toEqual([
        'MetaMask',
        'PhantomSolana',
        'WalletConnect',
      ]),
    )
    cleanup()
    const solanaOnly = await renderFoyerAndOpen({
      routes: walletRoutes({}, withProject),
      config: { appearance: { walletChainType: 'solana-only' } },
    })
    await solanaOnly.user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    const solanaList = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
    expect(Array.from(solanaList.querySelectorAll('button')).map((row) => row.textContent)).toEqual([
      'PhantomSolana',
    ])
  })

  test('behavior: appearance.walletChainType narrows the list to one chain', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: walletRoutes(),
      config: { appearance: { walletChainType: 'solana-only' } },
    })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
    expect(Array.from(list.querySelectorAll('button')).map((row) => row.textContent)).toEqual([
      'PhantomSolana',
    ])
  })

  test('behavior: with none of the listed wallets in the browser, the list says so and links to installing one', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: walletRoutes(),
      config: { appearance: { walletList: ['rabby_wallet'] } },
    })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    const links = await screen.findByRole('list', { name: 'Wallets to install' }, { timeout: 5000 })
    expect(screen.getByRole('status').textContent).toBe(
      'No wallets found. Install a browser wallet extension, then reload the page.',
    )
    const anchors = Array.from(links.querySelectorAll('a'))
    expect(anchors.map((link) => link.textContent)).toEqual([
      'Get MetaMask↗',
      'Get Phantom↗',
      'Get Coinbase Wallet↗',
    ])
    expect(anchors.every((link) => link.target === '_blank' && link.rel === 'noopener noreferrer')).toBe(true)
  })

  test('behavior: appearance.walletList orders the list', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: walletRoutes(),
      config: { appearance: { walletList: ['phantom', 'detected_ethereum_wallets'] } },
    })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
    await waitFor(() =>
      expect(Array.from(list.querySelectorAll('button')).map((row) => row.textContent)).toEqual([
        'PhantomSolana',
        'MetaMask',
      ]),
    )
  })
})

describe('AwaitingWallet', () => {
  test("default: SIWE sign-in goes through 'Sign to verify' to 'Success!'", async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: walletRoutes() })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    await user.click(await screen.findByRole('button', { name: /MetaMask/ }, { timeout: 5000 }))
    expect(await screen.findByText('Success!')).toBeTruthy()
    const body = calls.find((call) => call.path === '/api/v1/siwe/authenticate')?.body as Record<
      string,
      string
    >
    expect(body).toMatchObject({
      chainId: 'eip155:1',
      walletClientType: 'metamask',
      connectorType: 'injected',
    })
    expect(body.message).toContain(`${window.location.host} wants you to sign in with your Ethereum account:`)
    await waitFor(() =>
      expect(screen.getByTestId('host-status').textContent).toBe(`signed in as ${testUser.id}`),
    )
  })

  test('default: SIWS sign-in with a Solana wallet', async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: walletRoutes() })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    await user.click(await screen.findByRole('button', { name: /Phantom/ }, { timeout: 5000 }))
    expect(await screen.findByText('Success!')).toBeTruthy()
    const body = calls.find((call) => call.path === '/api/v1/siws/authenticate')?.body as Record<
      string,
      string
    >
    expect(body).toMatchObject({ walletClientType: 'phantom', connectorType: 'wallet_standard' })
    expect(body.message).toContain('Chain ID: mainnet')
  })

  test("behavior: 'Sign to verify' is shown while the wallet signs", async () => {
    let release: () => void = () => {}
    const original = eth.wallet.provider.request
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    eth.wallet.provider.request = async (args) => {
      if (args.method === 'personal_sign') await gate
      return original(args)
    }
    try {
      const { user } = await renderFoyerAndOpen({ routes: walletRoutes() })
      await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
      await user.click(await screen.findByRole('button', { name: /MetaMask/ }, { timeout: 5000 }))
      expect(await screen.findByRole('heading', { name: 'Sign to verify' })).toBeTruthy()
      act(() => release())
      expect(await screen.findByText('Success!')).toBeTruthy()
    } finally {
      eth.wallet.provider.request = original
    }
  })

  test("error: a rejected signature shows the error and 'Retry'; after 2 retries, 'Could not connect with wallet'", async () => {
    const { user, calls } = await renderFoyerAndOpen({
      routes: walletRoutes({
        'POST /api/v1/siwe/authenticate': () => ({
          status: 401,
          body: { error: 'Invalid signature', code: 'invalid_credentials' },
        }),
      }),
    })
    eth.state.rejectNextSign = true
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    await user.click(await screen.findByRole('button', { name: /MetaMask/ }, { timeout: 5000 }))
    expect((await screen.findByRole('alert')).textContent).toBe('The request was rejected in your wallet.')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to connect wallet')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Could not connect with wallet' })).toBeTruthy()
    expect(calls.filter((call) => call.path === '/api/v1/siwe/init')).toHaveLength(3)
    await user.click(screen.getByRole('button', { name: 'Try another method' }))
    expect(await screen.findByRole('button', { name: 'Continue with a wallet' })).toBeTruthy()
  })

  test('error: a wallet error with details shows the details as is', async () => {
    const original = eth.wallet.provider.request
    // EIP-1193 4900: the wallet is disconnected (not retried).
    eth.wallet.provider.request = async (args) => {
      if (args.method === 'eth_requestAccounts')
        throw Object.assign(new Error('Disconnected'), { code: 4900 })
      return original(args)
    }
    try {
      const { user } = await renderFoyerAndOpen({ routes: walletRoutes() })
      await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
      await user.click(await screen.findByRole('button', { name: /MetaMask/ }, { timeout: 5000 }))
      expect((await screen.findByRole('alert')).textContent).toBe('Wallet is not currently connected.')
      expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    } finally {
      eth.wallet.provider.request = original
    }
  })

  test("error: a disallowed login method shows the error screen 'Not allowed'; 'Try another method' goes back to the list", async () => {
    const { user, calls } = await renderFoyerAndOpen({
      routes: walletRoutes({
        'POST /api/v1/siwe/authenticate': () => ({
          status: 403,
          body: { error: 'Login with wallet not allowed.', code: 'disallowed_login_method' },
        }),
      }),
    })
    await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
    await user.click(await screen.findByRole('button', { name: /MetaMask/ }, { timeout: 5000 }))
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy()
    expect(screen.getByText('Login with wallet not allowed.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Try another method' }))
    expect(await screen.findByRole('heading', { name: 'Select your wallet' })).toBeTruthy()
    expect(calls.filter((call) => call.path === '/api/v1/siwe/init')).toHaveLength(1)
  })
})

function Hooks() {
  const { linkWallet } = useLinkWallet()
  const { connectWallet, getConnectionHistory } = useConnectWallet()
  const [result, setResult] = useState('')
  return (
    <div>
      <button
        type="button"
        onClick={() =>
          linkWallet().then(
            (user) => setResult(`linked ${user.id}`),
            () => setResult('link failed'),
          )
        }
      >
        Link
      </button>
      <button
        type="button"
        onClick={() =>
          connectWallet().then(
            async (wallet) =>
              setResult(`connected ${wallet.address} ${(await getConnectionHistory()).length}`),
            () => setResult('connect failed'),
          )
        }
      >
        Connect
      </button>
      <p data-testid="result">{result}</p>
    </div>
  )
}

async function renderHooks(routes: TestRoutes, signedIn: boolean) {
  const { client } = createTestClient(routes)
  if (signedIn)
    await client._internal.session.write({
      accessToken: testAccessToken(),
      refreshToken: 'r',
      identityToken: null,
    })
  const { user } = await renderInProvider(client, <Hooks />)
  if (signedIn) client._internal.setState({ user: testUser })
  return { user, client }
}

describe('hooks', () => {
  test("useLinkWallet: linked_to_another_user shows 'Wallet was already linked.'", async () => {
    const { user } = await renderHooks(
      walletRoutes({
        'POST /api/v1/siwe/link': () => ({
          status: 400,
          body: {
            error: 'This account has already been linked to another user.',
            code: 'linked_to_another_user',
          },
        }),
      }),
      true,
    )
    await user.click(screen.getByRole('button', { name: 'Link' }))
    expect(await screen.findByRole('heading', { name: 'Link a wallet' })).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: /MetaMask/ }, { timeout: 5000 }))
    expect((await screen.findByRole('alert')).textContent).toBe('Wallet was already linked.')
    // Retrying the same wallet cannot succeed: 'Back' to the list instead of 'Retry'.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    const buttons = screen.getAllByRole('button', { name: 'Back' })
    await user.click(buttons[buttons.length - 1] as HTMLElement)
    expect(await screen.findByRole('heading', { name: 'Link a wallet' })).toBeTruthy()
  })

  test('useLinkWallet: cannot_link_more_of_type shows the server message with Back, not Retry', async () => {
    const { user } = await renderHooks(
      walletRoutes({
        'POST /api/v1/siwe/link': () => ({
          status: 400,
          body: {
            error: 'User already has an account of type siwe linked.',
            code: 'cannot_link_more_of_type',
          },
        }),
      }),
      true,
    )
    await user.click(screen.getByRole('button', { name: 'Link' }))
    await user.click(await screen.findByRole('button', { name: /MetaMask/ }, { timeout: 5000 }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'User already has an account of type siwe linked.',
    )
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Unable to sign in' })).toBeNull()
  })

  test("useLinkWallet: 'Link a wallet' offers WalletConnect last when the app has a project id", async () => {
    const withProject = {
      wallet_auth: true,
      solana_wallet_auth: false,
      wallet_connect_cloud_project_id: 'local',
    }
    const { user } = await renderHooks(walletRoutes({}, withProject), true)
    await user.click(screen.getByRole('button', { name: 'Link' }))
    expect(await screen.findByRole('heading', { name: 'Link a wallet' })).toBeTruthy()
    const list = await screen.findByRole('list', { name: 'Wallets' }, { timeout: 5000 })
    await waitFor(() =>
      expect(
        Array.from(list.querySelectorAll('button')).map((row) => row.querySelector('span')?.textContent),
      ).toEqual(['MetaMask', 'WalletConnect']),
    )
  })

  test('useLinkWallet: a link resolves with the user', async () => {
    // A link answers the user (docs/linked-accounts.md#linking).
    const { user } = await renderHooks(
      walletRoutes({ 'POST /api/v1/siws/link': () => ({ status: 200, body: testUser }) }),
      true,
    )
    await user.click(screen.getByRole('button', { name: 'Link' }))
    await user.click(await screen.findByRole('button', { name: /Phantom/ }, { timeout: 5000 }))
    await waitFor(() => expect(screen.getByTestId('result').textContent).toBe(`linked ${testUser.id}`))
  })

  test('useConnectWallet: the connect-only list connects without signing in and records history', async () => {
    const { user, client } = await renderHooks(
      walletRoutes({}, { wallet_auth: false, solana_wallet_auth: false }),
      false,
    )
    await user.click(screen.getByRole('button', { name: 'Connect' }))
    expect(await screen.findByRole('heading', { name: 'Connect a wallet' })).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: /MetaMask/ }, { timeout: 5000 }))
    await waitFor(() =>
      expect(screen.getByTestId('result').textContent).toBe(`connected ${eth.account.address} 1`),
    )
    expect(client.getState().user).toBeNull()
  })
})
