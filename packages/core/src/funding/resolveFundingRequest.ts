import type { FoyerClient } from '../client/FoyerClient'
import { FundingError } from './FundingError'
import type { FundingAsset, FundingRequest, FundWalletParameters } from './FundingRequest'
import { supportedFundingOptions } from './supportedFundingOptions'

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const AMOUNT = /^(\d+\.?\d*|\.\d+)$/

/**
 * Checks a funding request against the app's configuration and the client's chains, and fills in its
 * defaults (docs/limits.md "Funding", docs/errors.md): funding must be on (`fiat_on_ramp_enabled`) with at
 * least one supported option, the chain in the client's `chains` (or the cluster in its `solanaClusters`),
 * the address of that chain type, the amount a positive decimal, an ERC-20 asset a contract with symbol and
 * decimals. The chain type is Solana when `cluster` is given or the address is base58, else Ethereum.
 *
 * @returns the {@link FundingRequest} the funding screens take
 * @throws {FundingError} `funding_not_enabled` ('Wallet funding is not enabled'),
 *   `funding_chain_not_configured` ('Funding chain {id} is not in FoyerProvider chains list'),
 *   `funding_invalid_data` ('Invalid funding data')
 * @example
 * const request = resolveFundingRequest(client, { address: wallet.address, chain: { id: 31337 } })
 */
export function resolveFundingRequest(client: FoyerClient, parameters: FundWalletParameters): FundingRequest {
  const appConfig = client.getState().appConfig
  const config = appConfig?.funding_config
  const supportedOptions = config ? supportedFundingOptions(config) : []
  if (!appConfig?.fiat_on_ramp_enabled || !config || supportedOptions.length === 0)
    throw new FundingError('Wallet funding is not enabled', { code: 'funding_not_enabled' })

  const solana =
    parameters.cluster !== undefined ||
    (parameters.chain === undefined && !parameters.address.startsWith('0x'))
  // The config names the chain's own currency `native-currency` (docs/app-config.md#funding).
  const configAsset = config.default_recommended_currency.asset
  const asset: FundingAsset = parameters.asset ?? (configAsset === 'USDC' ? 'USDC' : 'native')
  const amount = parameters.amount ?? config.default_recommended_amount
  const invalid = () => new FundingError('Invalid funding data', { code: 'funding_invalid_data' })
  if (!AMOUNT.test(amount) || !(Number(amount) > 0)) throw invalid()
  if (typeof asset === 'object') {
    if (solana || !ETHEREUM_ADDRESS.test(asset.erc20) || !asset.symbol) throw invalid()
    if (!Number.isInteger(asset.decimals) || asset.decimals < 0 || asset.decimals > 36) throw invalid()
  }
  const base = {
    address: parameters.address,
    amount: amount.startsWith('.') ? `0${amount}` : amount,
    asset,
    supportedOptions,
    crossChainBridgingEnabled: config.cross_chain_bridging_enabled,
  }

  if (solana) {
    if (!SOLANA_ADDRESS.test(parameters.address)) throw invalid()
    const name = parameters.cluster?.name
    const cluster =
      name === undefined
        ? client.solanaClusters[0]
        : client.solanaClusters.find((candidate) => candidate.name === name)
    if (!cluster)
      throw new FundingError(`Funding chain ${name ?? 'solana'} is not in FoyerProvider chains list`, {
        code: 'funding_chain_not_configured',
      })
    return { ...base, chainType: 'solana', chain: undefined, cluster }
  }

  if (!ETHEREUM_ADDRESS.test(parameters.address)) throw invalid()
  const id = parameters.chain?.id
  const chain = id === undefined ? client.chains[0] : client.chains.find((candidate) => candidate.id === id)
  if (!chain)
    throw new FundingError(`Funding chain ${id} is not in FoyerProvider chains list`, {
      code: 'funding_chain_not_configured',
    })
  return { ...base, chainType: 'ethereum', chain, cluster: undefined }
}
