import type { FoyerClient } from '@foyer/core'
import { useEffect } from 'react'
import { preloadWalletScreens } from '../modal/preloadScreens'
import { useFoyerState } from './useFoyerState'

/**
 * Once a user with an embedded wallet is signed in (or restored), when the browser is idle: mounts the wallet
 * frame and loads the signing screens' code, so that the first 'Sign message' or transaction shows at once
 * (internal; used by `FoyerProvider`). Unlocks nothing and prompts for nothing.
 */
export function useWarmWallet(client: FoyerClient): void {
  const state = useFoyerState(client)
  const userId = state.status === 'ready' ? state.user?.id : undefined
  const hasEmbeddedWallet = !!state.user?.linked_accounts.some(
    (account) => account.type === 'wallet' && account.wallet_client === 'privy',
  )
  useEffect(() => {
    if (!userId || !hasEmbeddedWallet) return
    const warm = () => {
      preloadWalletScreens()
      void import('@foyer/core/wallet').then(({ warmWallet }) => warmWallet(client)).catch(() => {})
    }
    const idle = typeof requestIdleCallback === 'function'
    const handle = idle ? requestIdleCallback(warm, { timeout: 2000 }) : setTimeout(warm, 200)
    return () => (idle ? cancelIdleCallback(handle as number) : clearTimeout(handle))
  }, [client, userId, hasEmbeddedWallet])
}
