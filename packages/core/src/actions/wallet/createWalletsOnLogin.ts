import {
  type ChainType,
  type CreateOnLogin,
  type User,
  WALLET_PROXY_PASSWORD_READY_TIMEOUT_MS,
} from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { BaseError } from '../../errors/BaseError'
import type { RequestErrorType } from '../../http/request'
import { walletCreationLockName, withCrossTabLock } from '../../locks/withCrossTabLock'
import { fetchUser } from '../../session/fetchUser'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import { getEmbeddedWallets } from '../../wallet/getEmbeddedWallets'
import { getWalletProxy, type WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'
import { authorizeIcloudRecovery } from './authorizeIcloudRecovery'
import { authorizeRecoveryOAuth } from './authorizeRecoveryOAuth'
import { createWallet, createWalletWithReply } from './createWallet'

/** Return type of {@link createWalletsOnLogin}: the wallets created, by chain type. */
export type CreateWalletsOnLoginReturnType = Partial<Record<ChainType, EmbeddedWalletInfo>>

/**
 * The `createOnLogin` setting of a chain type: the host's `embeddedWallets.<chain>.createOnLogin`, else the
 * app's `embedded_wallet_config.<chain>.create_on_login`, else `'off'`.
 *
 * @internal
 */
export function createOnLoginMode(client: FoyerClient, chainType: ChainType): CreateOnLogin {
  return (
    client.embeddedWallets[chainType]?.createOnLogin ??
    client.getState().appConfig?.embedded_wallet_config?.[chainType]?.create_on_login ??
    'off'
  )
}

/**
 * Whether a wallet of `chainType` should be created for `user` now (docs/wire.md, docs/modal.md): never with
 * `'off'`; with `'users-without-wallets'` only when the user has no wallet of that chain type at all
 * (embedded or external); with `'all-users'` when the user has no embedded wallet of that chain type. Never
 * before the user accepted the terms when the app requires them ("after terms").
 *
 * @internal
 */
export function shouldCreateOnLogin(client: FoyerClient, user: User, chainType: ChainType): boolean {
  const mode = createOnLoginMode(client, chainType)
  if (mode === 'off') return false
  if (client.getState().appConfig?.require_users_accept_terms && !user.has_accepted_terms) return false
  if (getEmbeddedWallets(user, chainType).length > 0) return false
  if (mode === 'all-users') return true
  return !user.linked_accounts.some(
    (account) => account.type === 'wallet' && account.chain_type === chainType,
  )
}

/** What {@link createWalletsOnLogin} throws (an action that calls others includes theirs). */
export type CreateWalletsOnLoginErrorType = RequestErrorType | WalletProxyErrorType | BaseError

/**
 * Creates the embedded wallets `createOnLogin` asks for, after sign-in (docs/modal.md "Wallet creation"):
 * first Ethereum, then Solana, each within `WALLET_CREATE_TIMEOUT_MS` (20 s). `state.walletCreation` is
 * `'creating'` meanwhile, then `'idle'`, or `'error'` with the failure. When the host or the app requires a
 * user-owned recovery method on create and the modal is registered, the password flow runs first and the
 * wallet is protected with that password (or, when the app also offers Google Drive, the user chooses
 * between the two first, `SecureNewWalletPrompt`); the user is asked once, and a second chain's wallet is made
 * on the method and with the password or token chosen for the first: the frame starts loading when the password screen opens, and the
 * creation waits up to `WALLET_PROXY_PASSWORD_READY_TIMEOUT_MS` (30 s) for its handshake, not the 15 s of a
 * creation without it (docs/limits.md). `@foyer/react` calls this after every sign-in.
 *
 * A sign-in reaches every open tab of the app, so the tabs take turns under the Web Lock
 * `foyer:<appId>:wallet-creation`: a tab that waited re-reads the user (`GET /api/v1/users/me`) and creates
 * only what is still missing. A wallet made at the same moment elsewhere ('User already has an embedded
 * wallet.') is taken from the re-read user instead of failing.
 *
 * @returns the wallets created (none when nothing was due)
 * @throws the first creation failure (also kept in `state.walletCreation.error`), e.g. an
 *   `EmbeddedWalletError` `'wallet_create_timeout'` ('walletProxy.create timed out.').
 * @example
 * await loginWithEmailCode(client, { email, code })
 * await createWalletsOnLogin(client)
 */
export async function createWalletsOnLogin(client: FoyerClient): Promise<CreateWalletsOnLoginReturnType> {
  if (dueFor(client).length === 0) return {}
  // One tab at a time: a sign-in reaches every open tab of the app, and each would create.
  return withCrossTabLock(walletCreationLockName(client.appId), async (waited) => {
    const { setState } = client._internal
    let due: ChainType[] = []
    try {
      // Another tab created meanwhile: the user it created for is re-read before anything is decided. (A tab
      // that asks only after the other released the lock is refused by the server, and adopts that wallet.)
      if (waited) await refreshUser(client)
      due = dueFor(client)
      if (due.length === 0) return {}
      setState({ walletCreation: { status: 'creating', chainTypes: due, error: null } })
      const created: CreateWalletsOnLoginReturnType = {}
      // The user secures their first wallet; the next one is made on the same method without asking again.
      const chosen: ChosenRecovery = {}
      for (const chainType of due) {
        // A session that ended meanwhile (logout) stops the creation.
        if (!client.getState().user) break
        const wallet = await createOrAdopt(client, chainType, chosen)
        if (wallet) created[chainType] = wallet
      }
      setState({ walletCreation: { status: 'idle', chainTypes: [], error: null } })
      return created
    } catch (error) {
      const failure =
        error instanceof BaseError
          ? error
          : new BaseError('Wallet creation failed.', { code: 'unknown_error', cause: error })
      setState({ walletCreation: { status: 'error', chainTypes: due, error: failure } })
      throw failure
    }
  })
}

/** The chain types `createOnLogin` asks a wallet of, for the user in the state now. */
function dueFor(client: FoyerClient): ChainType[] {
  const user = client.getState().user
  if (!user) return []
  return (['ethereum', 'solana'] as const).filter((chainType) => shouldCreateOnLogin(client, user, chainType))
}

/** `GET /api/v1/users/me` into the state, unless the session ended (or changed user) meanwhile. */
async function refreshUser(client: FoyerClient): Promise<void> {
  const before = client.getState().user
  if (!before) return
  const user = await fetchUser(client, await requireAccessToken(client))
  if (client.getState().user?.id === before.id) client._internal.setState({ user })
}

/**
 * Creates the wallet; when the server says the user already has one (made at the same moment from another
 * browser or device), re-reads the user and takes that one — `undefined` when it is the other's to report.
 */
async function createOrAdopt(
  client: FoyerClient,
  chainType: ChainType,
  chosen: ChosenRecovery,
): Promise<EmbeddedWalletInfo | undefined> {
  try {
    return await createOne(client, chainType, chosen)
  } catch (error) {
    if (!(error instanceof BaseError && error.code === 'wallet_already_exists')) throw error
    await refreshUser(client)
    if (getEmbeddedWallets(client.getState().user, chainType).length === 0) throw error
    return undefined
  }
}

/**
 * The user-owned method chosen for the first wallet of this sign-in, with what it needs (the password, or the
 * Google or Apple token, kept in memory for this loop only), so the next wallet is made on it unasked.
 */
type ChosenRecovery = {
  options?:
    | { recoveryPassword: string }
    | { recoveryMethod: 'google-drive' | 'icloud'; recoveryAccessToken: string }
    | undefined
}

async function createOne(
  client: FoyerClient,
  chainType: ChainType,
  chosen: ChosenRecovery,
): Promise<EmbeddedWalletInfo> {
  const requirePassword =
    client.embeddedWallets.requireUserOwnedRecoveryOnCreate ??
    client.getState().appConfig?.embedded_wallet_config?.require_user_owned_recovery_on_create ??
    false
  const ui = client._internal.wallet.ui
  if (!requirePassword || !ui) return createWallet(client, { chainType })
  let wallet: EmbeddedWalletInfo | undefined
  // The password screen waits longer for the frame than a creation without it (docs/limits.md); the
  // handshake starts now, while the user types.
  const frameReady = () =>
    getWalletProxy(client).then((proxy) => proxy.ready({ timeoutMs: WALLET_PROXY_PASSWORD_READY_TIMEOUT_MS }))
  frameReady().catch(() => {}) // a failure is reported by the submit's own wait
  if (chosen.options) {
    await frameReady()
    const created = await createWalletWithReply(client, { chainType, ...chosen.options })
    return created.wallet
  }
  const createWithPassword = async (password: string) => {
    await frameReady()
    wallet = await createWallet(client, { chainType, recoveryPassword: password })
    chosen.options = { recoveryPassword: password }
  }
  const offered = client.getState().appConfig?.embedded_wallet_config?.user_owned_recovery_options ?? []
  if (offered.includes('google-drive') || offered.includes('icloud')) {
    // The user chooses the method before the wallet is made; Google Drive or iCloud: the token first, then
    // the wallet, made on that method directly: no automatic recovery material ever exists for it
    // (docs/recovery-oauth.md "At wallet creation").
    const createOnCloud = async (recoveryMethod: 'google-drive' | 'icloud', recoveryAccessToken: string) => {
      await frameReady()
      const created = await createWalletWithReply(client, { chainType, recoveryMethod, recoveryAccessToken })
      wallet = created.wallet
      // A CloudKit web auth token authorizes one call: the next wallet takes the one CloudKit handed back.
      chosen.options = {
        recoveryMethod,
        recoveryAccessToken: created.nextRecoveryAccessToken ?? recoveryAccessToken,
      }
    }
    await ui.prompt({
      kind: 'secureNewWallet',
      methods: offered,
      createWithPassword,
      async createWithGoogleDrive({ popup }) {
        await createOnCloud('google-drive', (await authorizeRecoveryOAuth(client, { popup })).accessToken)
      },
      async createWithIcloud({ popup }) {
        await createOnCloud('icloud', (await authorizeIcloudRecovery(client, { popup })).accessToken)
      },
    })
  } else
    await ui.prompt({ kind: 'setPassword', reason: 'create', closable: false, submit: createWithPassword })
  if (!wallet)
    throw new BaseError('Exited before password was added to wallet', { code: 'wallet_create_aborted' })
  return wallet
}
