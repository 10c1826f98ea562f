import type { Router } from '../../modal/router/createRouter'
import type { ScreenParamsMap } from '../../modal/screenParams'
import type { FundingFlowParams } from './params'

/**
 * Goes back to 'Add funds to your wallet' (the method selection under the current funding screens), with
 * an error text and optionally the alternate card provider shown (docs/modal.md "failed or serviceFailure
 * returns to method selection with an error"). Without a method selection in the history, opens one.
 *
 * @example
 * returnToFundingMethods(router, params, { errorMessage: messages.funding.cardFailed })
 */
export function returnToFundingMethods(
  router: Router<ScreenParamsMap>,
  params: FundingFlowParams,
  options: { errorMessage?: string | undefined; showAlternateProvider?: boolean | undefined } = {},
): void {
  const history = router.getHistory()
  let index = history.length - 1
  while (index >= 0 && history[index]?.id !== 'fundingMethods') index--
  const next = {
    request: params.request,
    settle: params.settle,
    errorMessage: options.errorMessage,
    showAlternateProvider: options.showAlternateProvider,
  }
  if (index < 0) router.replace('fundingMethods', next)
  else if (index === 0) router.reset('fundingMethods', next)
  else {
    router.restore(history.slice(0, index))
    router.push('fundingMethods', next)
  }
}

/**
 * Opens a funding screen by id, also one registered by another feature after this file was written
 * (`fundingExchange`, `fundingTransferFromWallet`): their params are {@link FundingFlowParams}.
 *
 * @example pushFundingScreen(router, 'fundingExchange', params)
 */
export function pushFundingScreen(
  router: Router<ScreenParamsMap>,
  id: string,
  params: FundingFlowParams | (FundingFlowParams & { next: string }),
): void {
  ;(router.push as (id: string, params: unknown) => void)(id, params)
}
