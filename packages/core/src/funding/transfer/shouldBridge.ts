import type { FoyerChain } from '../../chains/FoyerChain'
import { getSolanaBalance } from '../../wallet/solana/getSolanaBalance'
import type { FundingRequest } from '../FundingRequest'
import { assertBridgingSupported } from './assertBridgingSupported'
import { fundingAmountUnits } from './fundingAmountUnits'
import { type FundingTokenAddresses, fundingCurrency } from './fundingCurrency'
import { readEvmBalance } from './readEvmBalance'

/**
 * Whether a transfer from the external wallet `from` must bridge from another network (docs/modal.md,
 * docs/limits.md): only when the app has cross-chain bridging and the wallet holds less than the amount of
 * the asset on the request's chain (an unreadable balance counts as enough: the direct transfer is tried). An
 * EVM request also needs another configured chain where the asset is known (the native coin; USDC or the
 * ERC-20 where `fundingCurrency` finds it, with `tokenAddresses`). A Solana wallet funding a Solana wallet
 * never bridges (bridges to Solana start from an Ethereum wallet), but one short of SOL on testnet or devnet
 * is told why.
 *
 * @throws {BridgeError} `bridging_unsupported` when a Solana wallet short of SOL is on Solana testnet or
 *   devnet: 'Bridging is not supported on Solana devnet' (docs/limits.md).
 * @example if (await shouldBridge({ request, from, chains: client.chains })) router.push('fundingBridge', …)
 */
export async function shouldBridge(parameters: {
  request: FundingRequest
  from: string
  chains: readonly FoyerChain[]
  tokenAddresses?: FundingTokenAddresses | undefined
}): Promise<boolean> {
  const { request, from } = parameters
  if (!request.crossChainBridgingEnabled) return false
  const amount = fundingAmountUnits(request)
  if (request.chainType === 'solana') {
    if (!request.cluster || request.asset !== 'native') return false
    const lamports = await getSolanaBalance({ cluster: request.cluster, address: from }).catch(
      () => undefined,
    )
    if (lamports === undefined || lamports >= amount) return false
    assertBridgingSupported(request)
    return false
  }
  const chain = request.chain
  if (!chain) return false
  const currencyOn = (other: FoyerChain) =>
    fundingCurrency({
      asset: request.asset,
      chain: other,
      requestChainId: chain.id,
      tokenAddresses: parameters.tokenAddresses,
    })
  const here = currencyOn(chain)
  if (!here || !parameters.chains.some((other) => other.id !== chain.id && currencyOn(other))) return false
  const balance = await readEvmBalance({ chain, address: from as `0x${string}`, token: here.address }).catch(
    () => undefined,
  )
  return balance !== undefined && balance < amount
}
