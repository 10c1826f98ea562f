/**
 * The bridge stand-in's solver: its account on every chain (funded on local chains), its Solana account
 * (funded by airdrop), and the requests it has quoted.
 */
import { generateKeyPairSync, sign } from 'node:crypto'
import { base58 } from '@scure/base'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvilRpc } from '../farcaster/idRegistryStandIn'
import type { BridgeStandInRequest, StartBridgeStandInOptions } from './bridgeStandInTypes'
import { solanaRpc } from './solanaTransfers'
import { mintTestToken } from './testToken'

/** What the stand-in gives a fresh solver on every chain: 1,000 of the native coin, in wei. */
const SOLVER_FUNDS = 10n ** 21n

/** The solver's state, which the quotes and the fills share. */
export type BridgeSolver = Awaited<ReturnType<typeof createBridgeSolver>>

/** One chain of the solver: its configuration, clients, and the last block looked at for deposits. */
export type BridgeSolverChain = NonNullable<ReturnType<BridgeSolver['chains']['get']>>

/** Creates the solver of a bridge stand-in with `options`: its accounts, funded where they are local. */
export async function createBridgeSolver(options: StartBridgeStandInOptions) {
  const feeBps = BigInt(options.feeBps ?? 10)
  const solverKey = options.solverPrivateKey ?? generatePrivateKey()
  const solver = privateKeyToAccount(solverKey)
  const chains = new Map(
    options.chains.map((config) => {
      const chain = defineChain({
        id: config.chainId,
        name: config.name ?? `Chain ${config.chainId}`,
        nativeCurrency: { name: config.symbol ?? 'ETH', symbol: config.symbol ?? 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [config.rpcUrl] } },
      })
      const transport = http(config.rpcUrl)
      const entry = {
        config,
        symbol: config.symbol ?? 'ETH',
        publicClient: createPublicClient({ chain, transport, pollingInterval: 100 }) as PublicClient,
        walletClient: createWalletClient({ account: solver, chain, transport }),
        /** The last block looked at for deposits. */
        scannedTo: 0n as bigint,
      }
      return [config.chainId, entry] as [number, typeof entry]
    }),
  )
  for (const chain of chains.values()) {
    if (!options.solverPrivateKey) {
      await anvilRpc(chain.config.rpcUrl, 'anvil_setBalance', [solver.address, numberToHex(SOLVER_FUNDS)])
      for (const token of chain.config.tokens ?? [])
        await mintTestToken(
          chain.config.rpcUrl,
          token.address,
          solver.address,
          10n ** BigInt(token.decimals + 6),
        )
    }
    chain.scannedTo = await chain.publicClient.getBlockNumber()
  }
  // The solver's Solana account (ed25519), funded by airdrop, pays the fills on Solana.
  const solanaKey = (() => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519')
    const x = publicKey.export({ format: 'jwk' }).x as string
    return {
      publicKey: Uint8Array.from(Buffer.from(x, 'base64url')),
      sign: (message: Uint8Array) => Uint8Array.from(sign(null, message, privateKey)),
    }
  })()
  const solanaSolver = base58.encode(solanaKey.publicKey)
  if (options.solana)
    await solanaRpc(options.solana.rpcUrl, 'requestAirdrop', [solanaSolver, Number(SOLVER_FUNDS / 10n ** 9n)])
  return {
    options,
    feeBps,
    solver,
    chains,
    requests: new Map<Hex, BridgeStandInRequest>(),
    solanaKey,
    solanaSolver,
  }
}
