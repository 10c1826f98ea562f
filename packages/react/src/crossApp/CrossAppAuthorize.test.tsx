import type { User } from '@foyer/protocol'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestClient, testAuthResponse, testEmbeddedWallet, testUser } from '../../test/createTestClient'
import { renderHost } from '../../test/renderHost'
import { signInWithTestCode } from '../../test/renderInProvider'
import { CrossAppAuthorize } from './CrossAppAuthorize'

const REQUESTER_ID = 'r'.repeat(25)
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
const REDIRECT_TO = 'http://requester.test/shop'

const userWithWallet: User = {
  ...testUser,
  linked_accounts: [
    ...testUser.linked_accounts,
    testEmbeddedWallet('0x1111111111111111111111111111111111111111'),
  ],
}

afterEach(() => {
  cleanup()
  window.history.replaceState({}, '', '/')
})

async function openAuthorizePage() {
  const query = new URLSearchParams({
    client_id: REQUESTER_ID,
    state: 'flow-1',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    redirect_to: REDIRECT_TO,
  })
  window.history.replaceState({}, '', `/oauth/authorize?${query}`)
  const { client, calls } = createTestClient({
    'POST /api/v1/passwordless/authenticate': () => ({
      status: 200,
      body: testAuthResponse({ user: userWithWallet }),
    }),
    'GET /api/v1/users/me': () => ({ status: 200, body: { user: userWithWallet } }),
    [`GET /api/v1/apps/${REQUESTER_ID}/cross-app/details`]: () => ({
      status: 200,
      body: { name: 'Shop', icon_url: 'https://shop.test/icon.png' },
    }),
    'POST /oauth/authorization_code': ({ body }) => ({
      status: 200,
      body: {
        url: `${REDIRECT_TO}?privy_oauth_code=${(body as { error?: string }).error ? 'undefined' : 'code-1'}`,
      },
    }),
  })
  await signInWithTestCode(client)
  const navigated: string[] = []
  renderHost(client, <CrossAppAuthorize navigate={(url) => navigated.push(url)} />)
  return { calls, navigated }
}

describe('CrossAppAuthorize', () => {
  test('default: the consent names both apps; Allow sends the flow and goes back with the code', async () => {
    const { calls, navigated } = await openAuthorizePage()
    await screen.findByRole('heading', { name: 'Shop wants to use your Test App account' })
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }))
    await waitFor(() => expect(navigated).toEqual([`${REDIRECT_TO}?privy_oauth_code=code-1`]))
    expect(calls.find((call) => call.path === '/oauth/authorization_code')?.body).toEqual({
      client_id: REQUESTER_ID,
      code_challenge: CHALLENGE,
      redirect_to: REDIRECT_TO,
      state: 'flow-1',
    })
  })

  test("behavior: the page has the modal's look, both apps' icons and what the requester is granted", async () => {
    await openAuthorizePage()
    const page = await screen.findByTestId('cross-app-authorize')
    await screen.findByRole('heading', { name: 'Shop wants to use your Test App account' })
    // The modal's theme and rules, scoped to the page's own `[data-foyer]` root.
    const root = page.closest('[data-foyer]')
    expect(root?.getAttribute('data-foyer-theme')).toBe('light')
    expect(root?.querySelector('style')?.textContent).toContain('.foyer-page{')
    // The requester's icon from its details; the provider (no logo) as its initial.
    const icons = page.querySelectorAll('.foyer-app-icon')
    expect(icons).toHaveLength(2)
    expect(icons[0]?.querySelector('img')?.getAttribute('src')).toBe('https://shop.test/icon.png')
    expect(icons[1]?.textContent).toBe('T')
    // What is granted, the wallet address short with the full value on hover.
    const grants = screen.getByRole('list', { name: 'Shop will be able to:' })
    expect(
      within(grants)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'See your account ID',
      'See your wallet address 0x1111…1111',
      'Ask you to approve signatures and transactions with this wallet',
    ])
    expect(within(grants).getByTitle('0x1111111111111111111111111111111111111111')).toBeTruthy()
    // The modal's buttons: Allow is the primary action, Deny the secondary.
    expect(screen.getByRole('button', { name: 'Allow' }).getAttribute('data-variant')).toBe('primary')
    expect(screen.getByRole('button', { name: 'Deny' }).getAttribute('data-variant')).toBe('secondary')
  })

  test('default: Deny answers access_denied', async () => {
    const { calls, navigated } = await openAuthorizePage()
    await userEvent.click(await screen.findByRole('button', { name: 'Deny' }))
    await waitFor(() => expect(navigated).toEqual([`${REDIRECT_TO}?privy_oauth_code=undefined`]))
    expect(calls.find((call) => call.path === '/oauth/authorization_code')?.body).toMatchObject({
      error: 'access_denied',
    })
  })

  test('error: a URL without the flow shows Invalid request', async () => {
    window.history.replaceState({}, '', '/oauth/authorize?client_id=x')
    const { client } = createTestClient()
    renderHost(client, <CrossAppAuthorize />)
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid request')
  })
})
