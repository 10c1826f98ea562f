import type { WalletFlow } from '../WalletList/params'

/** Params of the 'Could not connect with wallet' screen. */
export type WalletLoginFailedParams = { walletName: string; flow: WalletFlow }
