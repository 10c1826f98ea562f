import { type FoyerClient, sdkEvents, trackSdkEvent } from '@foyer/core'
import type { FundingRequest } from '@foyer/core/funding'

/**
 * Sends `sdk_fiat_on_ramp_started` (the on-ramp opened) or `sdk_fiat_on_ramp_completed` (it reported the
 * purchase done: "You've funded your account!") for `request` through `trackSdkEvent` (nothing when the host
 * turned analytics off): `{ provider, value, chainType, chainId }`, `value` the amount in units of the
 * request's asset, `chainId` the EVM chain id or the Solana cluster's name (docs/api.md, docs/console.md#usage).
 *
 * @example trackFiatOnRamp(client, 'completed', request, 'coinbase')
 */
export function trackFiatOnRamp(
  client: FoyerClient,
  stage: 'started' | 'completed',
  request: FundingRequest,
  provider: 'moonpay' | 'coinbase',
): void {
  trackSdkEvent(client, stage === 'started' ? sdkEvents.fiatOnRampStarted : sdkEvents.fiatOnRampCompleted, {
    provider,
    value: Number(request.amount),
    chainType: request.chainType,
    chainId: request.chainType === 'solana' ? request.cluster?.name : request.chain?.id,
  })
}
