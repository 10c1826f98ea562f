export type { FundingFlowParams as FundingCardParams } from '../params'
