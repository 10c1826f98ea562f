import type { ChainType, CreateOnLogin, User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { BaseError } from '../../errors/BaseError'
import type { EmbeddedWalletInfo } from '../EmbeddedWalletInfo'
import { getEmbeddedWallets } from '../getEmbeddedWallets'
import { createWallet } from './createWallet'

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
 * Whether a wallet of `chainType` should be created for `user` now (spec 02 §3, §4): never with `'off'`;
 * with `'users-without-wallets'` only when the user has no wallet of that chain type at all (embedded or
 * external); with `'all-users'` when the user has no embedded wallet of that chain type. Never before the
 * user accepted the terms when the app requires them ("after terms").
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

/**
 * Creates the embedded wallets `createOnLogin` asks for, after sign-in (spec 02 §4 "Wallet creation"): first
 * Ethereum, then Solana, each within `WALLET_CREATE_TIMEOUT_MS` (20 s). `state.walletCreation` is
 * `'creating'` meanwhile, then `'idle'`, or `'error'` with the failure. When the host or the app requires a
 * user-owned recovery method on create and the modal is registered, the password flow runs first and the
 * wallet is protected with that password. `@foyer/react` calls this after every sign-in.
 *
 * @returns the wallets created (none when nothing was due)
 * @throws the first creation failure (also kept in `state.walletCreation.error`), e.g. an
 *   `EmbeddedWalletError` `'wallet_create_timeout'` ('walletProxy.create timed out.').
 * @example
 * await loginWithEmailCode(client, { email, code })
 * await createWalletsOnLogin(client)
 */
export async function createWalletsOnLogin(client: FoyerClient): Promise<CreateWalletsOnLoginReturnType> {
  const user = client.getState().user
  if (!user) return {}
  const due = (['ethereum', 'solana'] as const).filter((chainType) =>
    shouldCreateOnLogin(client, user, chainType),
  )
  if (due.length === 0) return {}

  const { setState } = client._internal
  setState({ walletCreation: { status: 'creating', chainTypes: due, error: null } })
  const created: CreateWalletsOnLoginReturnType = {}
  try {
    for (const chainType of due) {
      // A session that ended meanwhile (logout) stops the creation.
      if (!client.getState().user) break
      created[chainType] = await createOne(client, chainType)
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
}

async function createOne(client: FoyerClient, chainType: ChainType): Promise<EmbeddedWalletInfo> {
  const requirePassword =
    client.embeddedWallets.requireUserOwnedRecoveryOnCreate ??
    client.getState().appConfig?.embedded_wallet_config?.require_user_owned_recovery_on_create ??
    false
  const ui = client._internal.wallet.ui
  if (!requirePassword || !ui) return createWallet(client, { chainType })
  let wallet: EmbeddedWalletInfo | undefined
  await ui.prompt({
    kind: 'setPassword',
    reason: 'create',
    closable: false,
    submit: async (password) => {
      wallet = await createWallet(client, { chainType, recoveryPassword: password })
    },
  })
  if (!wallet)
    throw new BaseError('Exited before password was added to wallet', { code: 'wallet_create_aborted' })
  return wallet
}
