import type { FoyerClient } from '@foyer/core'
import type { CreateWalletsOnLoginReturnType } from '@foyer/core/wallet'
import type { FoyerContextValue } from '../FoyerProvider/FoyerContext'
import { loadFunding } from './loadFunding'

/**
 * After `createOnLogin` made a wallet, opens 'Add funds to your wallet' for it when the app's
 * `funding_config.prompt_funding_on_wallet_creation` is on (docs/wire.md): the Ethereum wallet
 * first, else the Solana one. Nothing happens when funding is off or the user closes the screen (internal).
 */
export async function promptFundingAfterCreate(
  client: FoyerClient,
  openFlow: FoyerContextValue['openFlow'],
  created: CreateWalletsOnLoginReturnType,
): Promise<void> {
  const config = client.getState().appConfig
  const wallet = created.ethereum ?? created.solana
  if (!wallet || !config?.fiat_on_ramp_enabled || !config.funding_config.prompt_funding_on_wallet_creation)
    return
  try {
    const { resolveFundingRequest } = await loadFunding()
    const request = resolveFundingRequest(client, {
      address: wallet.address,
      ...(wallet.chainType === 'solana' ? { cluster: client.solanaClusters[0] } : {}),
    })
    await openFlow((settle) => ({ id: 'fundingMethods', params: { request, settle } }))
  } catch {
    // Funding not possible for this wallet, or the user closed it: the sign-in is done either way.
  }
}
