import type { User } from '@foyer/protocol'
import { cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { walletUser } from '../../../core/test/createWalletTestClient'
import { createTestClient, TEST_APP_ID, testAuthResponse, testUser } from '../../test/createTestClient'
import { signInWithTestCode } from '../../test/renderInProvider'
import { FoyerProvider } from '../FoyerProvider/FoyerProvider'

afterEach(cleanup)

async function signIn(user: User) {
  // The wallet frame opens only toward https (or localhost / an IP address).
  const { client } = createTestClient(
    { 'POST /api/v1/passwordless/authenticate': () => ({ status: 200, body: testAuthResponse({ user }) }) },
    { apiUrl: 'https://foyer.test' },
  )
  render(
    <FoyerProvider appId={TEST_APP_ID} apiUrl="https://foyer.test" client={client}>
      <p>host</p>
    </FoyerProvider>,
  )
  await waitFor(() => expect(client.getState().status).toBe('ready'))
  await signInWithTestCode(client)
  return client
}

describe('useWarmWallet', () => {
  test('default: after a sign-in with an embedded wallet, the wallet frame is mounted before any wallet call', async () => {
    const client = await signIn(walletUser)
    await waitFor(() => expect(client._internal.wallet.proxy).toBeDefined(), { timeout: 5000 })
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    client._internal.wallet.proxy?.destroy()
  })

  test('behavior: a user without an embedded wallet gets no frame', async () => {
    const client = await signIn(testUser)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(client._internal.wallet.proxy).toBeUndefined()
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })
})
