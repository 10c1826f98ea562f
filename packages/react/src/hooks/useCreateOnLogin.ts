import { type EmbeddedWalletsConfig, type FoyerClient, getEmbeddedWallets } from '@foyer/core'
import type { CreateWalletsOnLoginReturnType } from '@foyer/core/wallet'
import { useLayoutEffect, useRef } from 'react'
import { useFoyerState } from './useFoyerState'

/**
 * Creates the `createOnLogin` embedded wallets after each sign-in (docs/modal.md "Wallet creation"), and
 * after the signed-in user accepts the terms the app requires (docs/sessions.md: terms, then wallets),
 * loading the wallet code only when a chain type asks for it (internal; used by `FoyerProvider`). A session
 * restored at page load is not a sign-in and creates nothing. `onCreated` gets the wallets made (e.g. to
 * prompt funding).
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

  // A layout effect: the creation is marked under way before the browser paints the sign-in, so
  // `useWallets` never reports ready with no wallet while the wallet code loads (a host's 'No wallet'
  // flashing before 'Creating your wallet…').
  useLayoutEffect(() => {
    const ready = state.status === 'ready'
    const signedIn = state.user !== null
    const accepted = state.user?.has_accepted_terms === true
    const before = previous.current
    previous.current = { ready, signedIn, accepted }
    const signedInNow = before.ready && !before.signedIn && signedIn
    const acceptedNow = before.signedIn && signedIn && !before.accepted && accepted
    if (!ready || !(signedInNow || acceptedNow)) return
    const server = state.appConfig?.embedded_wallet_config
    const wanted = (['ethereum', 'solana'] as const).filter(
      (chainType) =>
        (config?.[chainType]?.createOnLogin ?? server?.[chainType]?.create_on_login ?? 'off') !== 'off',
    )
    if (wanted.length === 0) return
    const missing = wanted.filter((chainType) => getEmbeddedWallets(state.user, chainType).length === 0)
    const pending =
      missing.length > 0 && client.getState().walletCreation.status !== 'creating'
        ? ({ status: 'creating', chainTypes: missing, error: null } as const)
        : undefined
    if (pending) client._internal.setState({ walletCreation: pending })
    import('@foyer/core/wallet')
      .then(({ createWalletsOnLogin }) => createWalletsOnLogin(client))
      .then((wallets) => created.current?.(wallets))
      // The failure is in `state.walletCreation.error` for the host to read.
      .catch(() => {})
      .finally(() => {
        // Nothing was due after all (or the wallet code failed to load): the mark comes off.
        if (pending && client.getState().walletCreation === pending)
          client._internal.setState({ walletCreation: { status: 'idle', chainTypes: [], error: null } })
      })
  }, [client, config, state.status, state.user, state.appConfig])
}
