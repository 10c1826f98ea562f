import type { FoyerClient } from '@foyer/core'
import type { WalletProxy } from '@foyer/core/wallet'
import type { FrameEvent } from '@foyer/protocol'

/** One request the fake wallet frame received: the `privy:` event and its data. */
export type FrameCall = { event: FrameEvent; data: Record<string, unknown> }

/**
 * Puts a fake wallet frame in place of the client's (`client._internal.wallet.proxy`): every request is
 * recorded and answered by `answer` (default: never settles, the frame stays busy).
 *
 * @returns the recorded requests, in order
 */
export function installFakeWalletFrame(
  client: FoyerClient,
  answer: (call: FrameCall) => unknown = () => new Promise(() => {}),
): FrameCall[] {
  const frameCalls: FrameCall[] = []
  client._internal.wallet.proxy = {
    frameOrigin: 'http://foyer.test',
    iframe: {} as HTMLIFrameElement,
    ready: async () => {},
    async request(event: FrameEvent, data: unknown) {
      const call = { event, data: data as Record<string, unknown> }
      frameCalls.push(call)
      return answer(call)
    },
    destroy() {},
  } as unknown as WalletProxy
  return frameCalls
}

/**
 * Turns on `create_on_login: 'users-without-wallets'` for Ethereum in the client's app config and puts a
 * busy fake wallet frame in place (`installFakeWalletFrame`), enough to see a wallet creation start.
 *
 * @returns a function listing the events the frame received so far, e.g. `['privy:wallet:create']`
 */
export function watchWalletCreationOnLogin(client: FoyerClient): () => FrameEvent[] {
  const appConfig = client.getState().appConfig!
  client._internal.setState({
    appConfig: {
      ...appConfig,
      embedded_wallet_config: {
        ...appConfig.embedded_wallet_config,
        ethereum: { create_on_login: 'users-without-wallets' },
      },
    },
  })
  const frameCalls = installFakeWalletFrame(client)
  return () => frameCalls.map((call) => call.event)
}
