export type { FundingMethodsParams } from '../params'
