import { createPublicClient, erc20Abi, http } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'
import { NATIVE_CURRENCY_ADDRESS } from './fetchBridgeQuote'

/**
 * The balance of `address` on `chain` read from the chain's RPC (the 'From' dropdown's balances and the
 * awaiting screens, docs/modal.md "Funding", docs/api.md): the native coin in wei, or, with `token`,
 * that ERC-20's `balanceOf` in its smallest unit (the zero address is the native coin).
 *
 * @example const wei = await readEvmBalance({ chain, address })
 * @example const units = await readEvmBalance({ chain, address, token: usdc })
 */
export async function readEvmBalance(parameters: {
  chain: FoyerChain
  address: `0x${string}`
  token?: `0x${string}` | undefined
}): Promise<bigint> {
  const client = createPublicClient({ transport: http(parameters.chain.rpcUrl) })
  const { token } = parameters
  if (!token || token.toLowerCase() === NATIVE_CURRENCY_ADDRESS)
    return client.getBalance({ address: parameters.address })
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [parameters.address],
  })
}
