import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { TEST_CODE, testAppConfig, testEmbeddedWallet, testUser } from '../../test/createTestClient'
import { installFakeWalletFrame } from '../../test/fakeWalletFrame'
import { renderFoyerAndOpen, submitEmail } from '../../test/renderFoyer'
import { findDialog, testWallet } from '../../test/renderWallet'
import { showWalletCreated } from './showWalletCreated'

afterEach(cleanup)
beforeAll(async () => {
  await import('../screens/wallet/WalletCreated/WalletCreated')
}, 60_000)

const walletUser = {
  ...testUser,
  linked_accounts: [...testUser.linked_accounts, testEmbeddedWallet(testWallet.address)],
}

/** Signs up through the modal in an app that creates an Ethereum wallet on login; the frame makes it. */
async function signUp(appConfig: { name?: string }, config?: { showWalletUIs: boolean }) {
  const rendered = await renderFoyerAndOpen({
    routes: { 'GET /api/v1/users/me': () => ({ status: 200, body: { user: walletUser } }) },
    appConfig: {
      ...appConfig,
      embedded_wallet_config: {
        ...testAppConfig().embedded_wallet_config,
        ethereum: { create_on_login: 'users-without-wallets' },
      },
    },
    ...(config ? { config: { embeddedWallets: config } } : {}),
  })
  const frameCalls = installFakeWalletFrame(rendered.client, ({ event }) =>
    event === 'privy:wallet:create'
      ? {
          address: testWallet.address,
          chainType: 'ethereum',
          entropyId: testWallet.address,
          walletIndex: 0,
          recoveryMethod: 'privy',
          imported: false,
        }
      : {},
  )
  await submitEmail(rendered.user)
  await rendered.user.keyboard(TEST_CODE)
  await waitFor(() => expect(frameCalls.map((call) => call.event)).toContain('privy:wallet:create'))
  return rendered
}

describe('wallet created screen', () => {
  test("default: after sign-up the wallet made on login shows 'Welcome to {app}', 'Your wallet is ready.', and closes by itself", async () => {
    await signUp({ name: 'Acme' })
    const created = await findDialog('Welcome to Acme')
    expect(within(created).getByText('Your wallet is ready.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3_000 })
  })

  test("behavior: 'All set!' for an app without a name; nothing with showWalletUIs: false", async () => {
    await signUp({ name: '' })
    await findDialog('All set!')
    cleanup()
    const { client } = await signUp({ name: 'Acme' }, { showWalletUIs: false })
    await waitFor(() => expect(client.getState().walletCreation.status).toBe('idle'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByRole('dialog', { name: 'Welcome to Acme' })).toBeNull()
  })

  test('behavior: not shown over a flow the user already opened', async () => {
    const open = vi.fn(async () => undefined as never)
    await showWalletCreated(undefined, { open, busy: () => true }, { ethereum: testWallet })
    expect(open).not.toHaveBeenCalled()
    await showWalletCreated(undefined, { open, busy: () => false }, { ethereum: testWallet })
    expect(open).toHaveBeenCalledTimes(1)
  })
})
