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

/**
 * Params of the bridge status screen: the funding flow's params, the connected external wallet (Ethereum, or
 * Solana to bridge from Solana) and its account, and the chain it pays on (Solana: 792703809, the bridge
 * API's id; the client's first Solana cluster).
 */
export type FundingBridgeStatusParams = FundingFlowParams & {
  wallet: ExternalWallet
  from: string
  originChainId: number
}
