/**
 * Params of the wallet created screen: none. It is a plain route, not a flow: nothing waits on it, and any
 * flow or request that shows its own screen replaces it (docs/modal.md "Wallet creation").
 */
export type WalletCreatedParams = undefined
