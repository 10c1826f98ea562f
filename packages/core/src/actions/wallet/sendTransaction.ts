import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import type { ChainNotConfiguredError } from '../../wallet/errors/ChainNotConfiguredError'
import { InvalidTransactionRequestError } from '../../wallet/errors/InvalidTransactionRequestError'
import { SponsorshipUnavailableError } from '../../wallet/errors/SponsorshipUnavailableError'
import { type TransactionError, toTransactionError } from '../../wallet/errors/TransactionError'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { promptUi, resolveWallet } from '../../wallet/resolveWallet'
import type {
  EthereumTransactionRequest,
  RpcTransactionRequest,
} from '../../wallet/transactions/EthereumTransactionRequest'
import { estimateTransaction } from '../../wallet/transactions/estimateTransaction'
import { validateTransactionRequest } from '../../wallet/transactions/validateTransactionRequest'
import { waitForTransactionReceipt } from '../../wallet/transactions/waitForTransactionReceipt'
import type { SendTransactionUiOptions } from '../../wallet/ui/WalletPrompt'
import { connectWallet } from './connectWallet'
import { getEthereumChain } from './getEthereumChain'
import { walletRpc } from './walletRpc'

/** Parameters of {@link sendTransaction}. */
export type SendTransactionParameters = {
  /** The transaction; quantities as number, bigint or hex string (docs/limits.md). */
  request: EthereumTransactionRequest
  wallet?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined
  uiOptions?: SendTransactionUiOptions | undefined
  /**
   * Ask a paymaster to pay the fee. The embedded wallet pays its own gas: `true` is refused with
   * {@link SponsorshipUnavailableError} rather than sent self-paid. Sponsored sends go through the smart
   * wallet (`createSmartWalletClient(client).sendCalls`, docs/smart-wallets.md).
   */
  sponsored?: boolean | undefined
  /**
   * Have the app's verifying paymaster pay the gas (docs/gas-sponsorship.md#sending): the wallet sends as
   * EntryPoint v0.8's `Simple7702Account` through EIP-7702, in one user operation over the chain's bundler
   * (the app's `smart_wallet_config` network), the paymaster data signed by the Foyer server within the
   * app's per-user daily limit. The screen says 'Sponsored' only when the paymaster signed; its refusal is
   * an `ApiError` (`policy_violation` past the limit), never a self-paid send. Resolves with the hash of
   * the transaction that included the operation.
   */
  sponsor?: boolean | undefined
  /** Position in a batch: the title shows '(n / m)' and the button 'Continue' until the last. */
  step?: { index: number; count: number } | undefined
}

/** What {@link sendTransaction} throws (an action that calls others includes theirs). */
export type SendTransactionErrorType =
  | RequestErrorType
  | WalletProxyErrorType
  | ChainNotConfiguredError
  | InvalidTransactionRequestError
  | MfaError
  | SponsorshipUnavailableError
  | UserRejectedRequestError
  | TransactionError

/**
 * Sends an Ethereum transaction from the embedded wallet (docs/confirmation-screen.md): validates the
 * request (docs/limits.md), shows the confirmation screen (the decoded call: Amount, Spender, To; Network,
 * Estimated fee with any L1 data fee, Total, balance, Details; the simulation's warning; 'Add funds' when
 * short), then the frame fills nonce, gas and fees, signs
 * and submits through the chain's RPC (docs/frame-protocol.md event `eth_sendTransaction`). With the modal,
 * it resolves once the receipt is in; a retry after an error drops the nonce only when a hash was obtained.
 *
 * @returns the transaction hash
 * @throws {InvalidTransactionRequestError} `'invalid_transaction_request'` (docs/limits.md messages).
 * @throws {ChainNotConfiguredError} `'chain_not_configured'`.
 * @throws {UserRejectedRequestError} the user cancelled.
 * @throws {SponsorshipUnavailableError} `'sponsorship_unavailable'`: `sponsored: true` (no paymaster), or
 *   `sponsor: true` without a bundler for the chain. @throws {ApiError} `sponsor: true` refused by the paymaster.
 * @throws {WalletProxyError} e.g. `'insufficient_funds'` ('Wallet has insufficient funds for this transaction.').
 * @throws {TransactionError} `nonce_expired`, `replacement_underpriced` (docs/transaction-errors.md).
 * @example
 * const hash = await sendTransaction(client, { request: { to: '0x7099…79C8', value: 10n ** 16n } })
 */
export async function sendTransaction(
  client: FoyerClient,
  parameters: SendTransactionParameters,
): Promise<`0x${string}`> {
  if (parameters.sponsored) throw new SponsorshipUnavailableError()
  const wallet = resolveWallet(client, 'ethereum', parameters.wallet)
  const { chain, request } = validateTransactionRequest({
    request: parameters.request,
    chains: client.chains,
    defaultChainId: getEthereumChain(client).id,
  })
  if (request.from && request.from.toLowerCase() !== wallet.address.toLowerCase()) {
    throw new InvalidTransactionRequestError({ field: 'from', details: 'from is not the wallet' })
  }
  if (parameters.sponsor) {
    const { sendSponsoredTransaction } = await import('../../smartWallets/sendSponsoredTransaction')
    return sendSponsoredTransaction(client, { wallet, chain, request, uiOptions: parameters.uiOptions })
  }
  const from = wallet.address as `0x${string}`
  let current: RpcTransactionRequest = { ...request, from }
  const send = async ({ resetNonce }: { resetNonce: boolean }) => {
    if (resetNonce) {
      const { nonce: _dropped, ...rest } = current
      current = rest
    }
    try {
      return (await walletRpc(client, {
        wallet,
        request: { method: 'eth_sendTransaction', params: [current] },
        chainId: chain.id,
      })) as `0x${string}`
    } catch (error) {
      // A used nonce or an underpriced replacement gets its own code (docs/transaction-errors.md).
      throw toTransactionError(error)
    }
  }
  const ui = promptUi(client)
  // Unlock (or recover: 'Enter your password') before asking to approve.
  if (ui) await connectWallet(client, { wallet })
  if (!ui) return send({ resetNonce: false })
  return ui.prompt({
    kind: 'sendTransaction',
    wallet,
    chain,
    request: current,
    uiOptions: parameters.uiOptions,
    step: parameters.step,
    preview: () =>
      estimateTransaction({
        chain,
        from,
        request: current,
        abi: client.embeddedWallets.extendedCalldataDecoding,
      }),
    send,
    waitForReceipt: (hash) => waitForTransactionReceipt({ chain, hash }),
  })
}
