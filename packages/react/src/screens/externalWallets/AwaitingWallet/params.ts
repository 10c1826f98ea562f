import type { ExternalWallet } from '@foyer/core/external-wallets'
import type { WalletFlow } from '../WalletList/params'

/** Params of the awaiting-connection screen: the chosen wallet and the flow. */
export type AwaitingWalletParams = { wallet: ExternalWallet; flow: WalletFlow }
