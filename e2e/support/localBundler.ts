import { createPublicClient, http, parseAbiItem } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll } from 'vitest'
import { installAa } from '../../aa/install.mjs'
import {
  type LocalBundler,
  type StartBundlerParameters,
  startBundler,
} from '../../scripts/devchain/startBundler'
import { page } from './browserPage'
import { stack } from './sharedStack'

/** ERC-4337's `UserOperationEvent` of the EntryPoint: one per operation a bundle ran (EIP-4337). */
export const userOperationEvent = parseAbiItem(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)

/**
 * The local bundler of an e2e file (docs/smart-wallets-local.md): installs the account-abstraction stack
 * (once per machine, up to 10 min), then starts the bundler on the shared stack's anvil with `paymaster`
 * (default the mock paymaster; `false` for none), and stops it after the file. Call at the top of the file,
 * after `useSharedStack()`; read `bundler` and `publicClient` (anvil) inside hooks and tests.
 */
export function useLocalBundler(options: Pick<StartBundlerParameters, 'paymaster'> = {}) {
  const local = {} as { bundler: LocalBundler; publicClient: ReturnType<typeof createPublicClient> }
  beforeAll(async () => {
    await installAa()
  }, 600_000)
  beforeAll(async () => {
    local.bundler = await startBundler({
      anvilRpcUrl: stack.chains.anvil.rpcUrl,
      ...options,
      startTimeoutMs: 90_000,
    })
    local.publicClient = createPublicClient({ chain: anvilChain, transport: http(stack.chains.anvil.rpcUrl) })
  }, 120_000)
  afterAll(async () => {
    await local.bundler?.stop()
  })
  return local
}

/**
 * An app's `smart_wallet_config`: Safe smart wallets on anvil (eip155:31337) over `bundlerUrl`, sponsored by
 * the ERC-7677 paymaster at `paymasterUrl` (`null`: none).
 */
export const safeSmartWalletConfig = (bundlerUrl: string, paymasterUrl: string | null) => ({
  enabled: true,
  smart_wallet_type: 'safe' as const,
  configured_networks: [
    {
      chain_id: 'eip155:31337',
      bundler_url: bundlerUrl,
      paymaster_url: paymasterUrl,
      paymaster_context: null,
    },
  ],
})

/** The open 'Review transaction' dialog's row `label` (its value). */
export const reviewRowValue = (label: string) =>
  page
    .getByRole('dialog', { name: /^Review transaction/ })
    .locator('.foyer-detail-row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .first()
    .locator('dd')
