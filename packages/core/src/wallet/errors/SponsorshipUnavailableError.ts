import { BaseError } from '../../errors/BaseError'

/**
 * A transaction asked to be sponsored (`sponsored: true`) but no paymaster can pay its fee: the embedded
 * wallet is an externally owned account that pays its own gas; sponsored sends go through a smart wallet
 * whose network has a paymaster (docs/confirmation-screen.md "Sponsored transactions", docs/smart-wallets.md). Code `'sponsorship_unavailable'`; nothing is shown
 * or sent. Send without `sponsored` to have the wallet pay the fee.
 *
 * @example
 * catch (error) {
 *   if (error instanceof SponsorshipUnavailableError) await sendTransaction(client, { request })
 * }
 */
export class SponsorshipUnavailableError extends BaseError {
  override name = 'SponsorshipUnavailableError'
  declare readonly code: 'sponsorship_unavailable'

  /** `message`: why (default: no paymaster for this wallet). */
  constructor(message?: string) {
    super(
      message ??
        'Sponsored transactions need a smart wallet with a paymaster; this wallet pays its own fees.',
      {
        code: 'sponsorship_unavailable',
      },
    )
  }
}
