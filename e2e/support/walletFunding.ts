import { DEMO_APP_ID, updateAppSettings } from '@foyer/server'
import type { Stack } from './startStack'

/**
 * Makes the demo app offer funding by transfer from a browser wallet only (docs/funding.md), recommending
 * 0.05 ETH on the demo's anvil (31337), bridging from another chain when `bridging` is on. With funding
 * offered, a confirmation short of funds shows 'Add funds' in Approve's place.
 */
export async function offerWalletTransferFunding(
  stack: Stack,
  options: { bridging: boolean },
): Promise<void> {
  await updateAppSettings(
    stack.db,
    DEMO_APP_ID,
    {
      fiat_on_ramp_enabled: true,
      funding_config: {
        methods: ['external'],
        options: [{ method: 'wallets', provider: 'privy' }],
        default_recommended_amount: '0.05',
        default_recommended_currency: { chain: 'eip155:31337', asset: 'native' },
        prompt_funding_on_wallet_creation: false,
        cross_chain_bridging_enabled: options.bridging,
      },
    },
    stack.masterKey,
  )
}
