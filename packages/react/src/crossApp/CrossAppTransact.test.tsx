import type { User } from '@foyer/protocol'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createTestClient,
  type TestRoutes,
  testAuthResponse,
  testEmbeddedWallet,
  testUser,
} from '../../test/createTestClient'
import { renderHost } from '../../test/renderHost'
import { signInWithTestCode } from '../../test/renderInProvider'
import { CrossAppTransact } from './CrossAppTransact'

const WALLET = '0x1111111111111111111111111111111111111111'
const REQUESTER = 'http://requester.test'

const userWithWallet: User = {
  ...testUser,
  linked_accounts: [...testUser.linked_accounts, testEmbeddedWallet(WALLET)],
}

let posted: { message: unknown; origin: string }[]
let closed: number

beforeEach(() => {
  posted = []
  closed = 0
  vi.stubGlobal('opener', {
    postMessage: (message: unknown, origin: string) => posted.push({ message, origin }),
  })
  vi.spyOn(window, 'close').mockImplementation(() => {
    closed += 1
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.history.replaceState({}, '', '/')
})

/** Opens the transact page with a request for `address`, the provider user signed in. */
async function openTransactPage(routes: TestRoutes, address = WALLET, method = 'personal_sign') {
  const request = {
    content: { request: { request: { method, params: ['0x6869', address] } } },
    timestamp: Date.now(),
    callbackUrl: `${REQUESTER}/shop`,
  }
  window.history.replaceState(
    {},
    '',
    `/oauth/transact?token=provider-token&request=${encodeURIComponent(JSON.stringify(request))}`,
  )
  const { client, calls } = createTestClient({
    'POST /api/v1/passwordless/authenticate': () => ({
      status: 200,
      body: testAuthResponse({ user: userWithWallet }),
    }),
    'GET /api/v1/users/me': () => ({ status: 200, body: { user: userWithWallet } }),
    ...routes,
  })
  await signInWithTestCode(client)
  renderHost(client, <CrossAppTransact />)
  return { calls }
}

const verified = (answer: object): TestRoutes => ({
  'POST /oauth/verify': () => ({ status: 200, body: answer }),
})

describe('CrossAppTransact', () => {
  test("error: a token the provider does not verify: 'Transactions require a valid token'", async () => {
    const { calls } = await openTransactPage(verified({ verified: false }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      message: { type: 'PRIVY_CROSS_APP_ACTION_ERROR', error: 'Transactions require a valid token' },
      origin: REQUESTER,
    })
    expect(calls.find((call) => call.path === '/oauth/verify')?.body).toEqual({
      prat: 'provider-token',
      callback_url: `${REQUESTER}/shop`,
    })
    expect(closed).toBe(1)
  })

  test("error: a read-only provider: 'Cannot transact against a read-only provider app'", async () => {
    await openTransactPage(verified({ verified: true, requester_app_id: 'r'.repeat(25), read_only: true }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]?.message).toEqual({
      type: 'PRIVY_CROSS_APP_ACTION_ERROR',
      error: 'Cannot transact against a read-only provider app',
    })
    expect(screen.getByRole('status').textContent).toBe('Cannot transact against a read-only provider app')
  })

  test("error: a wallet that is not the user's: 'Cannot request a signature with this wallet address'", async () => {
    await openTransactPage(
      verified({ verified: true, requester_app_id: 'r'.repeat(25), read_only: false }),
      '0x2222222222222222222222222222222222222222',
    )
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]?.message).toEqual({
      type: 'PRIVY_CROSS_APP_ACTION_ERROR',
      error: 'Cannot request a signature with this wallet address',
    })
  })

  test('error: a malformed request shows Invalid request and answers nothing', async () => {
    await openTransactPage(verified({ verified: true }), WALLET, 'eth_unknown')
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid request')
    expect(posted).toHaveLength(0)
  })
})
