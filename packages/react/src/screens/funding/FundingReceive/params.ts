export type { FundingFlowParams as FundingReceiveParams } from '../params'
