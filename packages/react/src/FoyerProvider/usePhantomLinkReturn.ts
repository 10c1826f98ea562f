import { type FoyerClient, getPageLoadParameters } from '@foyer/core'
import { useEffect, useRef } from 'react'
import { toErrorInfo } from '../errors/toErrorInfo'
import type { Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'

/**
 * A return from Phantom's universal links at page load (docs/external-wallets.md "Phantom on a phone";
 * internal to `FoyerProvider`): the page-load parameter `privy_wallet_client=phantom` marks it (read from the
 * address bar, or from `getPageLoadParameters` once `initialize` took it). Loads its work
 * (`finishPhantomLinkReturn`, with `@foyer/core/external-wallets`) only then, and opens the modal on the
 * Phantom return screen when the pending step is a sign-in. Runs once per provider, also under StrictMode.
 */
export function usePhantomLinkReturn(
  client: FoyerClient,
  show: (route: Route<ScreenParamsMap>) => void,
): void {
  const started = useRef(false)
  useEffect(() => {
    if (started.current || typeof window === 'undefined') return
    const fromUrl = new URLSearchParams(window.location.search).get('privy_wallet_client')
    const walletClient = fromUrl ?? getPageLoadParameters(client)?.walletClient
    if (walletClient !== 'phantom') return
    started.current = true
    import('./finishPhantomLinkReturn')
      .then(({ finishPhantomLinkReturn }) => finishPhantomLinkReturn(client, show))
      .catch((error: unknown) => show({ id: 'error', params: toErrorInfo(error) }))
  }, [client, show])
}
