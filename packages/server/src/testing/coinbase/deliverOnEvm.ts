import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  numberToHex,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** Native assets of the EVM networks the stand-in delivers on-chain (18 decimals each). */
export const NATIVE_ASSETS: ReadonlySet<string> = new Set(['ETH', 'POL', 'MATIC', 'MON', 'AVAX'])

/** Balance the stand-in's treasury gets from `anvil_setBalance` when it runs low: 1000 ETH, in wei. */
const TREASURY_TOP_UP_WEI = 1000n * 10n ** 18n

/**
 * Sends `amount` (a decimal string of the native coin, 18 decimals) from the stand-in's treasury key to
 * `to` on the chain at `rpcUrl`, and waits for the receipt. When the treasury holds too little it first
 * tops itself up with `anvil_setBalance` (local anvil chains only). Returns the transaction hash.
 *
 * @throws {Error} when the chain refuses the transfer or the transaction reverts.
 * @example const hash = await deliverOnEvm({ rpcUrl: anvil.rpcUrl, privateKey, to, amount: '0.05' })
 */
export async function deliverOnEvm(parameters: {
  rpcUrl: string
  privateKey: Hex
  to: Address
  amount: string
}): Promise<Hex> {
  const account = privateKeyToAccount(parameters.privateKey)
  const transport = http(parameters.rpcUrl)
  const probe = createPublicClient({ transport })
  const chain = defineChain({
    id: await probe.getChainId(),
    name: 'Coinbase stand-in delivery chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [parameters.rpcUrl] } },
  })
  const publicClient = createPublicClient({ chain, transport })
  const value = parseEther(parameters.amount)
  if ((await publicClient.getBalance({ address: account.address })) < value + 10n ** 17n)
    await publicClient.request({
      method: 'anvil_setBalance' as never,
      params: [account.address, numberToHex(TREASURY_TOP_UP_WEI + value)] as never,
    })
  const wallet = createWalletClient({ account, chain, transport })
  const hash = await wallet.sendTransaction({ to: parameters.to, value })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 })
  if (receipt.status !== 'success') throw new Error(`The delivery ${hash} reverted`)
  return hash
}
