import type { CoinbaseBlockchain, CoinbaseOnRampInitRequest } from '@foyer/protocol'
import { coinbaseNetworkOf } from './coinbaseNetworkOf'
import { FundingError } from './FundingError'
import type { FundingRequest } from './FundingRequest'
import { fundingAssetSymbol } from './fundingAssetSymbol'

/** What an exchange on-ramp session of a funding request asks Coinbase for. */
export type CoinbaseOnRampRequestReturnType = {
  /** The Coinbase network of the request's chain (`'base'`, `'solana'`…). */
  network: CoinbaseBlockchain
  /** The asset symbol (`'ETH'`, `'POL'`, `'SOL'`, `'USDC'`, or an ERC-20's). */
  asset: string
  /** The body of `coinbase_on_ramp/init`: the wallet on that network, and that asset. */
  init: CoinbaseOnRampInitRequest
}

/**
 * The Coinbase Onramp session of a funding request (docs/api.md, docs/limits.md): the request's chain as a
 * Coinbase network — Ethereum, Base, Optimism, Polygon, Arbitrum or Solana — and the asset, with the
 * `coinbase_on_ramp/init` body for the wallet.
 *
 * @throws {FundingError} `funding_chain_not_supported`, 'Unsupported chainId: {id} for Coinbase Onramp'
 *   (docs/errors.md) for any other chain.
 * @example coinbaseOnRampRequest(request) // { network: 'base', asset: 'ETH', init: { addresses: [...], assets: ['ETH'] } }
 */
export function coinbaseOnRampRequest(
  request: Pick<FundingRequest, 'address' | 'asset' | 'chain' | 'chainType'>,
): CoinbaseOnRampRequestReturnType {
  const chainId = request.chainType === 'solana' ? 'solana' : (request.chain?.id ?? 1)
  const network = coinbaseNetworkOf(chainId)
  if (!network)
    throw new FundingError(`Unsupported chainId: ${chainId} for Coinbase Onramp`, {
      code: 'funding_chain_not_supported',
    })
  const { symbol } = fundingAssetSymbol(request)
  const asset = network === 'polygon' && symbol === 'MATIC' ? 'POL' : symbol
  return {
    network,
    asset,
    init: { addresses: [{ address: request.address, blockchains: [network] }], assets: [asset] },
  }
}
