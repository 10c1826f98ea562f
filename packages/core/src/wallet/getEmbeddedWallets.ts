import type { ChainType, EmbeddedWalletAccount, User } from '@foyer/protocol'
import type { EmbeddedWalletInfo } from './EmbeddedWalletInfo'

/**
 * The embedded wallets of a user (docs/wire.md), from its `wallet` linked accounts with
 * `wallet_client: 'privy'` (docs/linked-accounts.md#account-shapes): Ethereum first, then Solana, each by HD
 * index, generated before imported (an imported key is index 0 of its own entropy, `connectorType: 'embedded_imported'`).
 *
 * @param user - the signed-in user, or `null`
 * @param chainType - only wallets of this chain type, when given
 * @returns the wallets; `[]` when signed out
 * @example
 * const [ethereum] = getEmbeddedWallets(client.getState().user, 'ethereum')
 */
export function getEmbeddedWallets(user: User | null, chainType?: ChainType): EmbeddedWalletInfo[] {
  if (!user) return []
  const accounts = user.linked_accounts.filter(
    (account): account is EmbeddedWalletAccount =>
      account.type === 'wallet' &&
      account.wallet_client === 'privy' &&
      (chainType === undefined || account.chain_type === chainType),
  )
  const order = (account: EmbeddedWalletAccount) => (account.chain_type === 'ethereum' ? 0 : 1)
  return accounts
    .sort(
      (a, b) =>
        order(a) - order(b) || a.wallet_index - b.wallet_index || Number(a.imported) - Number(b.imported),
    )
    .map((account) => {
      // An imported key is its own entropy; an HD wallet's is the address of its chain's generated index 0.
      const root = account.imported
        ? account
        : accounts.find(
            (candidate) =>
              candidate.chain_type === account.chain_type &&
              candidate.wallet_index === 0 &&
              !candidate.imported,
          )
      return {
        address: account.address,
        chainType: account.chain_type,
        walletIndex: account.wallet_index,
        entropyId: root?.address ?? account.address,
        recoveryMethod: account.recovery_method,
        imported: account.imported,
        walletClientType: 'privy',
        connectorType: account.imported ? 'embedded_imported' : 'embedded',
      }
    })
}
