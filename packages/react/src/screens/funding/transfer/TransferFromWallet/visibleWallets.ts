/** How many wallets the list shows before 'More wallets' (docs/limits.md). */
export const COLLAPSED_WALLET_COUNT = 3
/** 'More wallets' shows when more than this many wallets are listed (docs/limits.md). */
export const MORE_WALLETS_THRESHOLD = 4

/**
 * The wallets 'Transfer from wallet' shows (docs/modal.md, docs/limits.md: "Shows 3 wallets and a 'More
 * wallets' button when more than 4 are listed"): all of them when 4 or fewer or once expanded, else the first
 * 3 and `more`.
 *
 * @example visibleWallets(['a', 'b', 'c', 'd', 'e'], false) // { wallets: ['a', 'b', 'c'], more: true }
 */
export function visibleWallets<Wallet>(
  wallets: readonly Wallet[],
  expanded: boolean,
): { wallets: readonly Wallet[]; more: boolean } {
  if (expanded || wallets.length <= MORE_WALLETS_THRESHOLD) return { wallets, more: false }
  return { wallets: wallets.slice(0, COLLAPSED_WALLET_COUNT), more: true }
}
