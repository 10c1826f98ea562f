import type { ExternalWallet } from '../../externalWallets/ExternalWallet'
import type { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import type { FundingRequest } from '../../funding/FundingRequest'
import { BridgeError } from '../../funding/transfer/BridgeError'
import { buildTransferTransaction } from '../../funding/transfer/buildTransferTransaction'
import { fundingAmountUnits } from '../../funding/transfer/fundingAmountUnits'
import type { FundingTokenAddresses } from '../../funding/transfer/fundingCurrency'
import {
  type ExternalTransferStatus,
  sendFromExternalWallet,
} from '../../funding/transfer/sendFromExternalWallet'
import { sendSolFromExternalWallet } from '../../funding/transfer/sendSolFromExternalWallet'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'

/** Parameters of {@link transferFromExternalWallet}. */
export type TransferFromExternalWalletParameters = {
  /** The funding request: the wallet to fund, its chain or cluster, the amount and asset. */
  request: FundingRequest
  /** The connected external wallet (of the request's chain type) and its account. */
  wallet: ExternalWallet
  from: string
  /** Token contracts the SDK cannot know (`config.funding.tokenAddresses`), e.g. USDC on a local chain. */
  tokenAddresses?: FundingTokenAddresses | undefined
  onStatus?: ((status: ExternalTransferStatus) => void) | undefined
}

/** What {@link transferFromExternalWallet} throws (an action that calls others includes theirs). */
export type TransferFromExternalWalletErrorType =
  | BridgeError
  | Error
  | UserRejectedRequestError
  | WalletConnectionError

/**
 * Funds a wallet from an external wallet on the same chain (docs/modal.md "External wallet funding"): an
 * Ethereum wallet sends the native coin or the ERC-20 (USDC or the request's token) after switching to the
 * request's chain; a Solana wallet sends SOL on the request's cluster.
 *
 * @returns the transaction hash (EVM) or signature (Solana), once mined or confirmed
 * @throws {BridgeError} `external_transfer_failed` on revert or refusal; `bridging_unsupported` when the
 *   wallet's chain type differs from the request's, or for USDC from a Solana wallet.
 * @throws {UserRejectedRequestError} `user_rejected`. @throws {WalletConnectionError} `wallet_connection_error`.
 * @example
 * await transferFromExternalWallet({ request, wallet, from: connected.address, onStatus: setStatus })
 */
export async function transferFromExternalWallet(
  parameters: TransferFromExternalWalletParameters,
): Promise<string> {
  const { request, wallet, onStatus } = parameters
  if (wallet.chainType === 'ethereum' && request.chainType === 'ethereum' && request.chain)
    return sendFromExternalWallet({
      provider: wallet.provider,
      from: parameters.from as `0x${string}`,
      chain: request.chain,
      transaction: buildTransferTransaction({
        recipient: request.address as `0x${string}`,
        amount: request.amount,
        asset: request.asset,
        chain: request.chain,
        tokenAddresses: parameters.tokenAddresses,
      }),
      onStatus,
    })
  if (wallet.chainType === 'solana' && request.chainType === 'solana' && request.cluster) {
    if (request.asset !== 'native')
      throw new BridgeError('Only SOL can be sent from a Solana wallet.', { code: 'bridging_unsupported' })
    return sendSolFromExternalWallet({
      wallet,
      from: parameters.from,
      to: request.address,
      lamports: fundingAmountUnits(request),
      cluster: request.cluster,
      onStatus,
    })
  }
  throw new BridgeError('This wallet cannot fund a wallet of another chain type.', {
    code: 'bridging_unsupported',
  })
}
