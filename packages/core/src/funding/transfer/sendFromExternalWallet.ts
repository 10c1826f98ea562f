import { createPublicClient, type Hex, http, numberToHex } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'
import type { ExternalEip1193Provider } from '../../externalWallets/ExternalWallet'
import { walletCall } from '../../externalWallets/errors/translateWalletError'
import { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import { queryChainId } from '../../externalWallets/ethereum/queryWallet'
import { switchWalletChain } from '../../externalWallets/ethereum/switchWalletChain'
import { BridgeError } from './BridgeError'

/** Where a transfer from an external wallet stands (docs/modal.md "External wallet funding"). */
export type ExternalTransferStatus = 'switching-chain' | 'sending' | 'waiting-for-receipt'

/** Parameters of {@link sendFromExternalWallet}. */
export type SendFromExternalWalletParameters = {
  /** The external wallet's EIP-1193 provider. */
  provider: ExternalEip1193Provider
  /** The external wallet's account. */
  from: `0x${string}`
  /** The chain to send on; its `rpcUrl` reads the receipt. */
  chain: FoyerChain
  /** What to send: `value` in wei, optional calldata. */
  transaction: { to: `0x${string}`; value: bigint; data?: Hex | undefined }
  /** Called as the transfer moves on: switching chain (only when needed), sending, waiting for the receipt. */
  onStatus?: ((status: ExternalTransferStatus) => void) | undefined
  /** Receipt polling interval in ms; default 1,000. */
  pollingIntervalMs?: number | undefined
  /** How long to wait for the receipt in ms; default 180,000. */
  receiptTimeoutMs?: number | undefined
}

/**
 * Sends one transaction from an external Ethereum wallet (docs/modal.md "External wallet funding: preparing,
 * switching chain, sending, waiting for receipt"): switches the wallet to `chain` unless it is on it already
 * (`switchWalletChain`: adding the chain when the wallet answers 4902, then switching again;
 * docs/external-wallets.md "Chains"), asks it to send
 * (`eth_sendTransaction`), and waits for the receipt on the chain's RPC.
 *
 * @returns the transaction hash, once mined successfully
 * @throws {UserRejectedRequestError} `user_rejected`: the user declined the switch or the transaction (4001).
 * @throws {WalletConnectionError} `wallet_connection_error`: the wallet failed, or stayed on another chain
 *   ('Unsupported chainId').
 * @throws {BridgeError} `external_transfer_failed`: the transaction reverted.
 * @example
 * const hash = await sendFromExternalWallet({ provider: wallet.provider, from, chain,
 *   transaction: { to: embeddedAddress, value: 10n ** 16n }, onStatus: setStatus })
 */
export async function sendFromExternalWallet(parameters: SendFromExternalWalletParameters): Promise<Hex> {
  const { provider, chain, onStatus } = parameters
  const current = await queryChainId(provider)
  if (current !== chain.id) {
    onStatus?.('switching-chain')
    await switchWalletChain({ provider, chain, currentChainId: current })
  }
  onStatus?.('sending')
  const { to, value, data } = parameters.transaction
  const hash = await walletCall(() =>
    provider.request({
      method: 'eth_sendTransaction',
      params: [
        { from: parameters.from, to, value: numberToHex(value), ...(data && data !== '0x' ? { data } : {}) },
      ],
    }),
  )
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new WalletConnectionError({ details: 'The wallet returned no transaction hash.' })
  onStatus?.('waiting-for-receipt')
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  const receipt = await client.waitForTransactionReceipt({
    hash: hash as Hex,
    pollingInterval: parameters.pollingIntervalMs ?? 1_000,
    timeout: parameters.receiptTimeoutMs ?? 180_000,
  })
  if (receipt.status !== 'success')
    throw new BridgeError('The transfer failed on chain.', {
      code: 'external_transfer_failed',
      details: `Transaction ${hash} reverted.`,
    })
  return hash as Hex
}
