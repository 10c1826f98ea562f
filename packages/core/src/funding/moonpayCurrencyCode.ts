import type { MoonpayCurrencyCode } from '@foyer/protocol'
import type { FundingRequest } from './FundingRequest'

/** MoonPay's codes per EIP-155 chain: native coin and USDC (docs/limits.md). */
const codesByChain: Readonly<Record<number, { native: MoonpayCurrencyCode; usdc: MoonpayCurrencyCode }>> = {
  1: { native: 'ETH_ETHEREUM', usdc: 'USDC_ETHEREUM' },
  42161: { native: 'ETH_ARBITRUM', usdc: 'USDC_ARBITRUM' },
  8453: { native: 'ETH_BASE', usdc: 'USDC_BASE' },
  137: { native: 'MATIC_POLYGON', usdc: 'USDC_POLYGON' },
  43114: { native: 'AVAX_CCHAIN', usdc: 'USDC_CCHAIN' },
  42220: { native: 'CELO_CELO', usdc: 'USDC_ETHEREUM' },
}

/** Chain ids of local development nodes: anvil and Hardhat (31337), `geth --dev` and Ganache (1337). */
const DEVELOPMENT_CHAIN_IDS: ReadonlySet<number> = new Set([31337, 1337])

function isDevelopmentChain(chain: FundingRequest['chain']): boolean {
  return !!chain && (chain.testnet === true || DEVELOPMENT_CHAIN_IDS.has(chain.id))
}

/**
 * The MoonPay `currencyCode` of a funding request (docs/limits.md, docs/wire.md#funding): ETH or USDC on
 * Ethereum, Arbitrum, Base; MATIC or USDC on Polygon; AVAX or USDC on Avalanche C-chain; CELO; SOL or USDC on
 * Solana. Another chain (or an ERC-20 other than USDC) defaults to Ethereum's code, with a console warning —
 * except on a testnet or a local development chain (31337, 1337), where the default is expected.
 *
 * @example moonpayCurrencyCode({ chainType: 'ethereum', chain: base, asset: 'USDC' }) // 'USDC_BASE'
 */
export function moonpayCurrencyCode(
  request: Pick<FundingRequest, 'chainType' | 'chain' | 'asset'>,
): MoonpayCurrencyCode {
  const usdc = request.asset === 'USDC'
  if (request.chainType === 'solana') return usdc ? 'USDC_SOL' : 'SOL'
  const codes = request.chain ? codesByChain[request.chain.id] : undefined
  if (!codes || typeof request.asset === 'object') {
    // No warning on a chain that is for development anyway: nothing real is bought there.
    if (!isDevelopmentChain(request.chain))
      console.warn(
        `Foyer: MoonPay has no currency for chain ${request.chain?.id}; defaulting to ${usdc ? 'USDC' : 'ETH'} on Ethereum.`,
      )
    return usdc ? 'USDC_ETHEREUM' : 'ETH_ETHEREUM'
  }
  return usdc ? codes.usdc : codes.native
}
