import type { BridgeOrigin } from './readBridgeOrigins'

/**
 * The bridge options among the 'From' chains: those where the external wallet holds at least `amount` (the
 * funding amount, smallest unit). Spec 02 §4 "one option is used automatically, several are shown for
 * choosing": with one the bridge starts from it, with several the user picks in 'Transfer from another
 * network'.
 *
 * @example const options = bridgeOptions(await readBridgeOrigins({ … }), fundingAmountUnits(request))
 */
export function bridgeOptions(origins: readonly BridgeOrigin[], amount: bigint): BridgeOrigin[] {
  return origins.filter((origin) => origin.balance !== undefined && origin.balance >= amount)
}
