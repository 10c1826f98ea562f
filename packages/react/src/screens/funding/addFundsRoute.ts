import type { FoyerClient } from '@foyer/core'
import { type FundWalletParameters, resolveFundingRequest } from '@foyer/core/funding'
import type { Route } from '../../modal/router/createRouter'
import type { ScreenParamsMap } from '../../modal/screenParams'

/**
 * The 'Add funds to your wallet' route for a transaction screen whose wallet is short (docs/modal.md "'Add
 * funds' when funds are short and funding is available"), or null when the app offers no funding. Its
 * answer goes nowhere: the user comes Back to the transaction, which reads the balance again.
 *
 * @example const route = addFundsRoute(client, { address, chain: { id: 31337 }, amount: '0.02' })
 */
export function addFundsRoute(
  client: FoyerClient,
  parameters: FundWalletParameters,
): Route<ScreenParamsMap> | null {
  try {
    const request = resolveFundingRequest(client, parameters)
    let settled = false
    const settle = {
      resolve() {
        settled = true
      },
      reject() {
        settled = true
      },
      get settled() {
        return settled
      },
    }
    return { id: 'fundingMethods', params: { request, settle } }
  } catch {
    return null
  }
}
