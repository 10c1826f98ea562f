/** A list of wallets that changes over time, as a store (`useSyncExternalStore`'s shape). */
export type WalletListStore<Wallet> = {
  /** The wallets found so far: the same array until something changes. */
  getWallets(): readonly Wallet[]
  /** Calls `listener` after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** Stops watching. */
  destroy(): void
}

/**
 * A {@link WalletListStore} whose list is `compute()`: computed once now, and again each time the source
 * that `watch` starts reports a change (its `changed` callback), after which every subscriber is called.
 * `watch` answers what stops the source; `destroy` calls it and drops the subscribers.
 *
 * @internal
 */
export function createWalletListStore<Wallet>(
  compute: () => readonly Wallet[],
  watch: (changed: () => void) => () => void,
): WalletListStore<Wallet> {
  const listeners = new Set<() => void>()
  let wallets = compute()
  const stop = watch(() => {
    wallets = compute()
    for (const listener of listeners) listener()
  })
  return {
    getWallets: () => wallets,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      stop()
      listeners.clear()
    },
  }
}
