import type { EthereumExternalWallet, ExternalWallet } from '@foyer/core/external-wallets'
import type { FundingFlowParams } from '../params'

/** Params of 'Transfer from wallet' (the wallet list): the funding flow's params. */
export type FundingTransferFromWalletParams = FundingFlowParams

/** Params of the same-chain transfer status screen: the connected external wallet and its account. */
export type FundingTransferStatusParams = FundingFlowParams & { wallet: ExternalWallet; from: string }

/** Params of 'Transfer from another network': the connected Ethereum wallet that pays, and its account. */
export type FundingBridgeParams = FundingFlowParams & {
  wallet: EthereumExternalWallet
  from: `0x${string}`
}

/** Params of the bridge status screen: as {@link FundingBridgeParams}, plus the chain the wallet pays on. */
export type FundingBridgeStatusParams = FundingBridgeParams & { originChainId: number }
