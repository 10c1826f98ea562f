import { type FoyerClient, initialize } from '@foyer/core'
import { getPendingPhantomLink } from '@foyer/core/external-wallets'
import type { Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'

/**
 * The work of `usePhantomLinkReturn` (its own chunk): once the client is initialized, opens the Phantom
 * return screen when the step the user left for is a sign-in (`connect`, `signIn`). A `signMessage` or
 * `signTransaction` return is the host's to finish with `resumePhantomLink` (docs/external-wallets.md).
 * @throws what initializing the client throws
 */
export async function finishPhantomLinkReturn(
  client: FoyerClient,
  show: (route: Route<ScreenParamsMap>) => void,
): Promise<void> {
  await initialize(client)
  const pending = await getPendingPhantomLink(client)
  if (pending === 'connect' || pending === 'signIn') show({ id: 'phantomReturn', params: undefined })
}
