import { BaseError } from '../../errors/BaseError'

/**
 * A request named a chain that is not in the client's `chains` (docs/limits.md "Chain must be in the
 * configured chains"). Code `'chain_not_configured'`; the EIP-1193 provider reports it as 4902.
 *
 * @example
 * catch (error) {
 *   if (error instanceof ChainNotConfiguredError) console.log(error.chainId)
 * }
 */
export class ChainNotConfiguredError extends BaseError {
  override name = 'ChainNotConfiguredError'
  declare readonly code: 'chain_not_configured'
  /** The chain id that was asked for. */
  readonly chainId: number

  constructor(parameters: { chainId: number }) {
    super(`Chain ${parameters.chainId} is not configured.`, { code: 'chain_not_configured' })
    this.chainId = parameters.chainId
  }
}
