import { loginWithEmailCode } from '@foyer/core'
import type { User } from '@foyer/protocol'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import {
  createTestClient,
  TEST_APP_ID,
  TEST_CODE,
  testAuthResponse,
  testUser,
} from '../../test/createTestClient'
import { FoyerProvider } from '../FoyerProvider/FoyerProvider'
import { CrossAppAuthorize } from './CrossAppAuthorize'

const REQUESTER_ID = 'r'.repeat(25)
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
const REDIRECT_TO = 'http://requester.test/shop'

const userWithWallet: User = {
  ...testUser,
  linked_accounts: [
    ...testUser.linked_accounts,
    {
      type: 'wallet',
      address: '0x1111111111111111111111111111111111111111',
      chain_type: 'ethereum',
      wallet_client: 'privy',
      wallet_client_type: 'privy',
      connector_type: 'embedded',
      recovery_method: 'privy',
      wallet_index: 0,
      imported: false,
      delegated: false,
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    },
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
      body: { name: 'Shop', icon_url: null },
    }),
    'POST /oauth/authorization_code': ({ body }) => ({
      status: 200,
      body: {
        url: `${REDIRECT_TO}?privy_oauth_code=${(body as { error?: string }).error ? 'undefined' : 'code-1'}`,
      },
    }),
  })
  await act(() => loginWithEmailCode(client, { email: 'ada@example.com', code: TEST_CODE }))
  const navigated: string[] = []
  render(
    <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
      <CrossAppAuthorize navigate={(url) => navigated.push(url)} />
    </FoyerProvider>,
  )
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
    render(
      <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
        <CrossAppAuthorize />
      </FoyerProvider>,
    )
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid request')
  })
})
