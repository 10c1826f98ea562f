import type { AppConfig } from '@foyer/protocol'
import type { FoyerWalletChainType } from '../../../FoyerProvider/FoyerConfig'

/** Which wallet chains the app offers: `ethereum` (SIWE wallets), `solana` (SIWS wallets). */
export type WalletChains = { ethereum: boolean; solana: boolean }

/**
 * The wallet chains of the landing's wallet entry and of the wallet list (docs/wire.md): Ethereum when the
 * app has `wallet_auth`, Solana when it has `solana_wallet_auth`, each kept only when the host's
 * `appearance.walletChainType` allows it (`'ethereum-only'`, `'solana-only'`, `'ethereum-and-solana'`;
 * default: both). Like `loginMethods`, the host setting can only narrow what the app has on.
 *
 * @param app - the app's public configuration; `null` or `undefined` while it loads (no wallets then)
 * @param chainType - `appearance.walletChainType`
 * @example
 * walletChains({ wallet_auth: true, solana_wallet_auth: true }, 'solana-only') // { ethereum: false, solana: true }
 */
export function walletChains(
  app: Pick<AppConfig, 'wallet_auth' | 'solana_wallet_auth'> | null | undefined,
  chainType: FoyerWalletChainType | undefined,
): WalletChains {
  return {
    ethereum: app?.wallet_auth === true && chainType !== 'solana-only',
    solana: app?.solana_wallet_auth === true && chainType !== 'ethereum-only',
  }
}
