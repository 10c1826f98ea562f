/**
 * What a transaction's calldata does, decoded against the standard token ABIs (ERC-20, ERC-721, ERC-1155) or
 * an ABI the host supplies (docs/confirmation-screen.md "What is decoded"). Amounts and token ids are raw
 * integers (token base units: divide by the token's `decimals` to show them).
 */
export type DecodedAction = {
  /**
   * What the call does: `'approve'` (`approve`, `increaseAllowance`, `setApprovalForAll`), `'transfer'`
   * (`transfer`, `transferFrom`, `safeTransferFrom`), `'batch transfer'` (`safeBatchTransferFrom`), `'mint'`,
   * or `'transaction'` (any other function of a host-supplied ABI).
   */
  action: 'approve' | 'transfer' | 'batch transfer' | 'mint' | 'transaction'
  /** The decoded function's name, e.g. `'approve'`. */
  functionName: string
  /** A fungible-token call (ERC-20): `amount` is in the token's base units. */
  isErc20Ish: boolean
  /** A collection call (ERC-721, ERC-1155): token ids, operators. */
  isNFTIsh: boolean
  /** Who may spend: the `spender` of an ERC-20 approval, the approved address of an ERC-721 `approve`. */
  spender?: `0x${string}` | undefined
  /** ERC-20 amount (approved, transferred), in the token's base units; ERC-1155 single-transfer amount. */
  amount?: bigint | undefined
  /** The operator of `setApprovalForAll`. */
  operator?: `0x${string}` | undefined
  /** The flag of `setApprovalForAll`: `true` grants control over the whole collection. */
  approved?: boolean | undefined
  /** The sender of a `transferFrom` / `safeTransferFrom` / `safeBatchTransferFrom`. */
  transferFrom?: `0x${string}` | undefined
  /** The recipient of a transfer or a mint. */
  transferTo?: `0x${string}` | undefined
  /** The token id of an ERC-721 call or an ERC-1155 single transfer. */
  tokenId?: bigint | undefined
  /** The token ids of an ERC-1155 batch transfer. */
  tokenIds?: readonly bigint[] | undefined
  /** The amounts of an ERC-1155 batch transfer, one per token id. */
  amounts?: readonly bigint[] | undefined
  /** The decoded arguments, in ABI order. */
  args: readonly unknown[]
}

/** A token contract's `symbol()` and `decimals()` as read from the chain; either absent when not answered. */
export type TokenMetadata = {
  symbol?: string | undefined
  decimals?: number | undefined
}

/**
 * Whether an allowance means "no limit": at least 2^255 (which includes the maximum uint256), shown as
 * 'Maximum' (docs/confirmation-screen.md).
 */
export function isUnlimitedAmount(amount: bigint): boolean {
  return amount >= 2n ** 255n
}
