import type { FoyerChain } from '../../chains/FoyerChain'
import { getSolanaBalance } from '../../wallet/solana/getSolanaBalance'
import type { FundingRequest } from '../FundingRequest'
import { assertBridgingSupported } from './assertBridgingSupported'
import { fundingAmountUnits } from './fundingAmountUnits'
import { readEvmBalance } from './readEvmBalance'

/**
 * Whether a transfer from the external wallet `from` must bridge from another network (spec 02 §4, §5):
 * only when the app has cross-chain bridging, the asset is the native coin, and the wallet holds less than
 * the amount on the request's chain (an unreadable balance counts as enough: the direct transfer is tried).
 * An EVM request also needs another configured chain.
 *
 * @throws {BridgeError} `bridging_unsupported` when a Solana wallet would need a bridge: 'Bridging is not
 *   supported on Solana devnet' (or testnet) and, on mainnet, because this flow bridges EVM to EVM only.
 * @example if (await shouldBridge({ request, from, chains: client.chains })) router.push('fundingBridge', …)
 */
export async function shouldBridge(parameters: {
  request: FundingRequest
  from: string
  chains: readonly FoyerChain[]
}): Promise<boolean> {
  const { request, from } = parameters
  if (!request.crossChainBridgingEnabled || request.asset !== 'native') return false
  const amount = fundingAmountUnits(request)
  if (request.chainType === 'solana') {
    if (!request.cluster) return false
    const lamports = await getSolanaBalance({ cluster: request.cluster, address: from }).catch(
      () => undefined,
    )
    if (lamports === undefined || lamports >= amount) return false
    assertBridgingSupported(request)
    return true
  }
  const chain = request.chain
  if (!chain || parameters.chains.every((other) => other.id === chain.id)) return false
  const balance = await readEvmBalance({ chain, address: from as `0x${string}` }).catch(() => undefined)
  return balance !== undefined && balance < amount
}
