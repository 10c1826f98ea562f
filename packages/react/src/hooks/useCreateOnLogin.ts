import type { EmbeddedWalletsConfig, FoyerClient } from '@foyer/core'
import type { CreateWalletsOnLoginReturnType } from '@foyer/core/wallet'
import { useEffect, useRef } from 'react'
import { useFoyerState } from './useFoyerState'

/**
 * Creates the `createOnLogin` embedded wallets after each sign-in (spec 02 §4 "Wallet creation"), and after
 * the signed-in user accepts the terms the app requires (spec 01 §4: terms, then wallets), loading the
 * wallet code only when a chain type asks for it (internal; used by `FoyerProvider`). A session restored at
 * page load is not a sign-in and creates nothing. `onCreated` gets the wallets made (e.g. to prompt funding).
 */
export function useCreateOnLogin(
  client: FoyerClient,
  config: EmbeddedWalletsConfig | undefined,
  onCreated?: (created: CreateWalletsOnLoginReturnType) => void,
): void {
  const state = useFoyerState(client)
  const previous = useRef({ ready: false, signedIn: false, accepted: false })
  const created = useRef(onCreated)
  created.current = onCreated

  useEffect(() => {
    const ready = state.status === 'ready'
    const signedIn = state.user !== null
    const accepted = state.user?.has_accepted_terms === true
    const before = previous.current
    previous.current = { ready, signedIn, accepted }
    const signedInNow = before.ready && !before.signedIn && signedIn
    const acceptedNow = before.signedIn && signedIn && !before.accepted && accepted
    if (!ready || !(signedInNow || acceptedNow)) return
    const server = state.appConfig?.embedded_wallet_config
    const wanted = (['ethereum', 'solana'] as const).some(
      (chainType) =>
        (config?.[chainType]?.createOnLogin ?? server?.[chainType]?.create_on_login ?? 'off') !== 'off',
    )
    if (!wanted) return
    import('@foyer/core/wallet')
      .then(({ createWalletsOnLogin }) => createWalletsOnLogin(client))
      .then((wallets) => created.current?.(wallets))
      // The failure is in `state.walletCreation.error` for the host to read.
      .catch(() => {})
  }, [client, config, state.status, state.user, state.appConfig])
}
