import type { SignMessagePrompt } from '@foyer/core/wallet'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { TEST_CODE, testAppConfig, testEmbeddedWallet, testUser } from '../../test/createTestClient'
import { installFakeWalletFrame } from '../../test/fakeWalletFrame'
import { renderFoyerAndOpen, submitEmail } from '../../test/renderFoyer'
import { findDialog, testWallet } from '../../test/renderWallet'
import { showWalletCreated, WALLET_CREATED_CLOSE_DELAY_MS } from './showWalletCreated'

afterEach(cleanup)
beforeAll(async () => {
  await import('../screens/wallet/WalletCreated/WalletCreated')
  await import('../screens/wallet/SignRequest/SignRequest')
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

const signPrompt = (sign: () => Promise<string>): SignMessagePrompt => ({
  kind: 'signMessage',
  wallet: testWallet,
  method: 'personal_sign',
  message: 'Hello there',
  sign,
})

describe('wallet created screen', () => {
  test("default: after a sign-up that creates a wallet, 'Welcome to {app}' and 'Your wallet is ready.' show, and the modal closes by itself", async () => {
    await signUp({ name: 'Acme' })
    const created = await findDialog('Welcome to Acme')
    expect(within(created).getByRole('status').textContent).toContain('Your wallet is ready.')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3_000 })
  })

  test('behavior: a wallet request made during the created screen replaces it at once and completes; its timer closes nothing', async () => {
    const { client, user } = await signUp({ name: 'Acme' })
    await findDialog('Welcome to Acme')
    const sign = vi.fn(async () => '0xsig')
    const result = client._internal.wallet.ui?.prompt(signPrompt(sign))
    const request = await findDialog('Sign message')
    // Past the created screen's 1 s: the request's screen is still open, its promise pending.
    await act(() => new Promise((resolve) => setTimeout(resolve, WALLET_CREATED_CLOSE_DELAY_MS + 300)))
    expect(screen.getByRole('dialog', { name: 'Sign message' })).toBe(request)
    await user.click(within(request).getByRole('button', { name: 'Approve' }))
    expect(await result).toBe('0xsig')
    expect(sign).toHaveBeenCalledTimes(1)
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

  test('behavior: not shown over an open flow; shown otherwise, as a plain route', () => {
    const show = vi.fn()
    expect(showWalletCreated(undefined, { show, busy: () => true }, { ethereum: testWallet })).toBe(false)
    expect(showWalletCreated(undefined, { show, busy: () => false }, {})).toBe(false)
    expect(show).not.toHaveBeenCalled()
    expect(showWalletCreated(undefined, { show, busy: () => false }, { ethereum: testWallet })).toBe(true)
    expect(show).toHaveBeenCalledWith({ id: 'walletCreated', params: undefined })
  })
})
