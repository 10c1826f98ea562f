export type { FundingAmountParams } from '../params'
