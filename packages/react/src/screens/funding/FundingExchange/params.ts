import type { FundingFlowParams } from '../params'

/**
 * Params of the exchange on-ramp's 'Fund account' screen (`fundingExchange`): the funding flow's params
 * ({@link FundingFlowParams}) with the confirmed amount; `via: 'card'` when it serves 'Pay with card'
 * (Coinbase Onramp with a card) rather than 'Transfer from an exchange'.
 */
export type FundingExchangeParams = FundingFlowParams
