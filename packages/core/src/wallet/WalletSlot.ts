import type { WalletProxy } from './proxy/createWalletProxy'
import type { WalletUi } from './ui/WalletPrompt'

/**
 * The embedded wallet's per-client runtime state (in `client._internal.wallet`). Types only here, so the
 * sign-in bundle carries none of the wallet code.
 *
 * @internal
 */
export type WalletSlot = {
  /** The hidden frame's proxy, created at first use. */
  proxy: WalletProxy | undefined
  /** Unlocks in flight or done, by `${chainType}:${entropyId}`. */
  readonly connections: Map<string, Promise<void>>
  /** Creations in flight, by chain type, `:additional` for additional ones (racing creates share one). */
  readonly creations: Map<string, Promise<unknown>>
  /** The modal, when `@foyer/react` registered it. */
  ui: WalletUi | undefined
  /** The Ethereum provider's current chain id; `undefined` = the first configured chain. */
  ethereumChainId: number | undefined
  /** Listeners of the Ethereum providers' `chainChanged`. */
  readonly chainListeners: Set<(chainId: number) => void>
  /**
   * The Google Drive token, or CloudKit's next web auth token, of this session's last recovery on this device,
   * until `expiresAt` (ms): the session's next wallet on that method recovers with it before asking again
   * (docs/recovery-oauth.md "Recovering on a new device").
   */
  recoveryToken: { provider: 'google-drive' | 'icloud'; accessToken: string; expiresAt: number } | undefined
}

/** A fresh, empty slot. @internal */
export function createWalletSlot(): WalletSlot {
  return {
    proxy: undefined,
    connections: new Map(),
    creations: new Map(),
    ui: undefined,
    ethereumChainId: undefined,
    chainListeners: new Set(),
    recoveryToken: undefined,
  }
}

/** Forgets the frame and its unlocked wallets (logout, session wipe). @internal */
export function resetWalletSlot(slot: WalletSlot): void {
  slot.proxy?.destroy()
  slot.proxy = undefined
  slot.connections.clear()
  slot.creations.clear()
  slot.recoveryToken = undefined
}
