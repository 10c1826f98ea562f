import type { FrameEvent, User } from '@foyer/protocol'
import type { FoyerChain } from '../src/chains/FoyerChain'
import { createFoyerClient } from '../src/client/createFoyerClient'
import { createMemoryStorage } from '../src/storage/createMemoryStorage'
import type { EmbeddedWalletsConfig } from '../src/wallet/EmbeddedWalletsConfig'
import { WalletProxyError } from '../src/wallet/errors/WalletProxyError'
import type { WalletProxy } from '../src/wallet/proxy/createWalletProxy'
import {
  createTestApi,
  json,
  signAccessToken,
  testAppId,
  testEmbeddedWallet,
  testUser,
} from './createTestApi'

export const ethereumAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

export const anvil: FoyerChain = {
  id: 31337,
  name: 'Anvil',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
export const base: FoyerChain = { ...anvil, id: 8453, name: 'Base', rpcUrl: 'http://base.test' }

/** An embedded wallet linked account as the server returns it (the shared `testEmbeddedWallet`). */
export const walletAccount = testEmbeddedWallet

/** The test user with an Ethereum and a Solana embedded wallet. */
export const walletUser: User = {
  ...testUser,
  linked_accounts: [
    ...testUser.linked_accounts,
    walletAccount(),
    walletAccount({ address: solanaAddress, chain_type: 'solana' }),
  ],
}

/** `walletUser` after delegating its Ethereum wallet: that wallet's account has `delegated: true`. */
export const delegatedWalletUser: User = {
  ...walletUser,
  linked_accounts: walletUser.linked_accounts.map((account) =>
    account.type === 'wallet' && account.chain_type === 'ethereum'
      ? { ...account, delegated: true }
      : account,
  ),
}

type Request = { event: FrameEvent; data: Record<string, unknown> }
type Answer = (request: Request) => unknown

/**
 * A signed-in core client (real session store, test API) with `walletUser` in its state and a fake wallet
 * proxy in its slot: `answer` decides each frame reply (throw a `WalletProxyError` to fail); every request
 * is recorded in `requests`.
 */
export async function createWalletTestClient(
  options: {
    answer?: Answer
    /** What `/users/me` answers (default `walletUser`). */
    user?: User
    /** The user in the client's state at start (default `user`). */
    stateUser?: User
    embeddedWallets?: EmbeddedWalletsConfig
  } = {},
) {
  const api = createTestApi()
  api.on('GET /api/v1/users/me', () => json({ user: options.user ?? walletUser }))
  const client = createFoyerClient({
    appId: testAppId,
    apiUrl: 'https://api.test',
    storage: createMemoryStorage(),
    fetch: api.fetch,
    chains: [anvil, base],
    embeddedWallets: options.embeddedWallets,
  })
  // A signed-in session: an access token with its refresh token (a token alone is wiped, docs/sessions.md).
  await client._internal.session.write({
    accessToken: await signAccessToken(),
    refreshToken: 'test-refresh-token',
  })
  client._internal.setState({ status: 'ready', user: options.stateUser ?? options.user ?? walletUser })
  const requests: Request[] = []
  const answer: Answer =
    options.answer ??
    (({ event, data }) => {
      if (event === 'privy:wallets:rpc')
        return { method: (data.request as { method: string }).method, result: '0xsig' }
      return { chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'privy' }
    })
  const proxy = {
    frameOrigin: 'https://api.test',
    iframe: {} as HTMLIFrameElement,
    ready: async () => {},
    async request(event: FrameEvent, data: unknown) {
      requests.push({ event, data: data as Record<string, unknown> })
      return answer({ event, data: data as Record<string, unknown> })
    },
    destroy() {},
  } as unknown as WalletProxy
  client._internal.wallet.proxy = proxy
  return { client, api, requests, proxy }
}

/** A frame error as the proxy reports it. */
export function frameError(
  code: WalletProxyError['code'],
  message: string,
  rpcCode?: number,
): WalletProxyError {
  return new WalletProxyError(message, { code, rpcCode })
}
