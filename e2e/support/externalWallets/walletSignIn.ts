import { DEMO_APP_ID } from '@foyer/server'
import { createWalletConnectTestPhone, type WalletConnectTestPhone } from '@foyer/server/testing'
import type { Locator } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { page, useBrowser } from '../browserPage'
import { stack, useSharedStack } from '../sharedStack'
import { WALLET_CONNECT_E2E_PROJECT_ID } from '../startStack'
import { type TestWalletKeys, testWalletsInitScript } from './testWalletsInitScript'

/** An account of `GET /api/v1/users/me`'s `linked_accounts`, with the wallet fields these tests read. */
export type LinkedAccount = {
  type: string
  address?: string
  chain_type?: string
  chain_id?: string
  connector_type?: string
  wallet_client_type?: string
}

/**
 * `GET /api/v1/users/me` from the page with the access token it stored for `appId`: what the server says
 * about the signed-in user.
 */
export async function usersMe(
  appId: string = DEMO_APP_ID,
): Promise<{ id: string; linked_accounts: LinkedAccount[] }> {
  const body = await page.evaluate(
    async ({ apiUrl, appId }) => {
      const token = localStorage.getItem(`foyer:${appId}:access_token`)
      const response = await fetch(`${apiUrl}/api/v1/users/me`, {
        headers: { 'privy-app-id': appId, authorization: `Bearer ${token}` },
      })
      return response.json()
    },
    { apiUrl: stack.apiUrl, appId },
  )
  return body.user
}

/** Log in → 'Continue with a wallet' → the wallet named `name` in the list; answers the login dialog. */
export async function chooseWallet(name: string | RegExp): Promise<Locator> {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
  await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name }).click()
  return dialog
}

/**
 * For a test file that signs in with the injected test wallets (`testWalletsInitScript`) holding `keys`: the
 * shared stack, one page for the file with the wallets in every page of its context, and a log-out after each
 * test that left the demo signed in, so the next one starts at 'Log in'.
 */
export function useTestWallets(keys: TestWalletKeys): void {
  useSharedStack()
  useBrowser({
    page: 'file',
    prepareContext: async (context) => context.addInitScript({ content: await testWalletsInitScript(keys) }),
  })
  afterEach(async () => {
    if ((await page.getByTestId('authenticated').textContent()) === 'true') {
      await page.getByRole('button', { name: 'Log out' }).click()
      await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
    }
  })
}

/** What `useWalletConnectPhone` sets up; read its fields inside tests (they are filled in `beforeAll`). */
export type WalletConnectPhoneSetUp = {
  /** The id of the app created for the file: a copy of the demo app with wallet sign-in and WalletConnect on. */
  appId: string
  /** The scripted phone wallet on the shared stack's local relay, signing with `account`. */
  phone: WalletConnectTestPhone
}

/**
 * For a test file about WalletConnect: before all its tests, creates an app named `appName` (a copy of the
 * demo app with wallet sign-in and the e2e WalletConnect project id) and a scripted phone wallet for
 * `account` on the shared stack's local relay (sending on the stack's anvil); closes the phone after all tests.
 */
export function useWalletConnectPhone(
  appName: string,
  account: Parameters<typeof createWalletConnectTestPhone>[0]['account'],
): WalletConnectPhoneSetUp {
  const setUp = {} as WalletConnectPhoneSetUp
  beforeAll(async () => {
    const app = await stack.createApp({
      name: appName,
      copyOf: DEMO_APP_ID,
      settings: { wallet_auth: true, wallet_connect_cloud_project_id: WALLET_CONNECT_E2E_PROJECT_ID },
    })
    setUp.appId = app.id
    setUp.phone = await createWalletConnectTestPhone({
      relayUrl: stack.walletConnectRelayUrl,
      projectId: WALLET_CONNECT_E2E_PROJECT_ID,
      account,
      // The phone sends transactions on the stack's anvil (`eth_sendTransaction`).
      rpcUrls: { [stack.chains.anvil.chainId]: stack.chains.anvil.rpcUrl },
    })
  })
  afterAll(async () => {
    await setUp.phone?.close()
  })
  return setUp
}
