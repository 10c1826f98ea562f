import { type FoyerClient, type FoyerState, getEmbeddedWallets } from '@foyer/core'
import { createEthereumProvider, type EIP1193Provider, getEthereumChain } from '@foyer/core/wallet'
import {
  ChainNotConfiguredError,
  type Connector,
  type CreateConnectorFn,
  createConnector,
  ProviderNotFoundError,
} from '@wagmi/core'
import { type Address, getAddress, numberToHex, SwitchChainError } from 'viem'

/** Parameters of {@link foyer}. */
export type FoyerParameters = {
  /**
   * The Foyer core client whose embedded wallet the connector uses. Optional: under `FoyerProvider`,
   * `<FoyerWagmiSync />` binds the provider's client (docs/wagmi.md).
   */
  client?: FoyerClient | undefined
  /**
   * Whether a sign-in, or the creation of the user's first embedded Ethereum wallet, connects wagmi to the
   * embedded wallet on its own (wagmi's `connect` event). Default `true`.
   */
  connectOnSignIn?: boolean | undefined
  /**
   * How long `isAuthorized()` (wagmi's reconnect on page load) waits for the bound client to restore its
   * session, in milliseconds. Default 10,000.
   */
  restoreTimeout?: number | undefined
}

/** What the Foyer connector adds to wagmi's connector. */
export type FoyerConnectorProperties = {
  /**
   * Binds the core client the connector follows (`null` unbinds): the provider, the events and the
   * `connect` on sign-in then follow this client. Called by `<FoyerWagmiSync />`.
   */
  setClient(client: FoyerClient | null): void
}

/** The Foyer connector as wagmi holds it (`config.connectors`, `useConnectors()`). */
export type FoyerConnector = Connector & FoyerConnectorProperties

/** The storage item wagmi keeps for this connector: set after a disconnect from wagmi. */
type StorageItem = { 'foyer.disconnected': true }

/** The connector's `id` and `type`. */
export const foyerConnectorType = 'foyer'

/**
 * A wagmi connector for the Foyer embedded Ethereum wallet (docs/wagmi.md). Its EIP-1193 provider is
 * `createEthereumProvider(client)` from `@foyer/core/wallet`: signatures and transactions go through the
 * wallet's screens and frame, reads go to the current chain's `rpcUrl`. The Foyer client's state is the one
 * source of truth:
 * - `connect()` → `eth_requestAccounts` (the user's first embedded Ethereum wallet; rejects with the
 *   provider's 4100 when signed out, 4900 when the user has no embedded wallet, and wagmi's
 *   `ProviderNotFoundError` when no client is bound), then `wallet_switchEthereumChain` when a `chainId`
 *   is asked;
 * - `switchChain({ chainId })` → `wallet_switchEthereumChain`; a chain missing from wagmi's `chains`
 *   rejects with viem's `SwitchChainError` (cause wagmi's `ChainNotConfiguredError`), one missing from the
 *   Foyer client's chains with the provider's 4902;
 * - a sign-in or the user's first wallet being created emits wagmi's `connect` event (unless
 *   `connectOnSignIn: false`); while connected, another wallet address emits `change` with the accounts, a
 *   chain switch `change` with the chain id, and a logout `disconnect`;
 * - `isAuthorized()` (wagmi's reconnect) waits for the client to restore its session, then is `true` when
 *   the user has an embedded Ethereum wallet and wagmi was not disconnected from it since the last sign-in.
 *
 * @param parameters - {@link FoyerParameters}
 * @returns a wagmi `CreateConnectorFn` (id and type `'foyer'`, name `'Foyer'`) for `createConfig`'s
 *   `connectors`
 *
 * @example
 * const config = createConfig({
 *   chains: [mainnet],
 *   connectors: [foyer(), injected()],
 *   transports: { [mainnet.id]: http() },
 *   ssr: true,
 *   storage: createStorage({ storage: cookieStorage }),
 * })
 */
export function foyer(
  parameters: FoyerParameters = {},
): CreateConnectorFn<EIP1193Provider, FoyerConnectorProperties, StorageItem> {
  const connectOnSignIn = parameters.connectOnSignIn ?? true
  const restoreTimeout = parameters.restoreTimeout ?? 10_000

  let client: FoyerClient | null = null
  let provider: EIP1193Provider | null = null
  let unsubscribe: (() => void) | null = null
  /** Whether wagmi holds a connection through this connector. */
  let connected = false
  /** The last state seen: its status and the embedded address in it. */
  let seen: { status: FoyerState['status']; address: Address | undefined } | null = null
  /** Disconnected from wagmi since the last sign-in or connect (kept in wagmi's storage too, for reloads). */
  let disconnected = false

  return createConnector<EIP1193Provider, FoyerConnectorProperties, StorageItem>((config) => {
    const onChainChanged = (chainId: string) => connector.onChainChanged(chainId)

    const setConnected = (value: boolean) => {
      if (value === connected) return
      connected = value
      if (value) provider?.on('chainChanged', onChainChanged)
      else provider?.removeListener('chainChanged', onChainChanged)
    }

    const onState = () => {
      if (!client) return
      const state = client.getState()
      const address = embeddedAddress(state)
      const previous = seen
      seen = { status: state.status, address }
      if (previous?.address === address) return
      if (address === undefined) {
        if (connected) connector.onDisconnect()
        return
      }
      if (connected) {
        connector.onAccountsChanged([address])
        return
      }
      // A sign-in or a first wallet: the client was ready without a wallet before (a session restored on
      // page load is wagmi's reconnect, through `isAuthorized`).
      if (!connectOnSignIn || previous?.status !== 'ready' || previous.address !== undefined) return
      disconnected = false
      void config.storage?.removeItem('foyer.disconnected')
      setConnected(true)
      config.emitter.emit('connect', { accounts: [address], chainId: getEthereumChain(client).id })
    }

    const connector: ReturnType<CreateConnectorFn<EIP1193Provider, FoyerConnectorProperties, StorageItem>> = {
      id: foyerConnectorType,
      name: 'Foyer',
      type: foyerConnectorType,

      async setup() {
        if (parameters.client && !client) connector.setClient(parameters.client)
      },

      setClient(next) {
        if (next === client) return
        unsubscribe?.()
        unsubscribe = null
        if (connected) connector.onDisconnect()
        provider = null
        seen = null
        client = next
        if (!next) return
        provider = createEthereumProvider(next)
        unsubscribe = next.subscribe(onState)
        onState()
      },

      async connect({ chainId, withCapabilities } = {}) {
        const current = await connector.getProvider()
        const accounts = ((await current.request({ method: 'eth_requestAccounts' })) as string[]).map(
          (account) => getAddress(account),
        )
        let currentChain = await connector.getChainId()
        if (chainId !== undefined && chainId !== currentChain) {
          currentChain = (await connector.switchChain!({ chainId })).id
        }
        disconnected = false
        await config.storage?.removeItem('foyer.disconnected')
        seen = { status: 'ready', address: accounts[0] }
        setConnected(true)
        return {
          accounts: (withCapabilities
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId: currentChain,
        }
      },

      async disconnect() {
        setConnected(false)
        disconnected = true
        await config.storage?.setItem('foyer.disconnected', true)
      },

      async getAccounts() {
        const current = await connector.getProvider()
        const accounts = (await current.request({ method: 'eth_accounts' })) as string[]
        return accounts.map((account) => getAddress(account))
      },

      async getChainId() {
        const current = await connector.getProvider()
        return Number(await current.request({ method: 'eth_chainId' }))
      },

      async getProvider() {
        if (!provider) throw new ProviderNotFoundError()
        return provider
      },

      async isAuthorized() {
        if (!client) return false
        const state = await restored(client, restoreTimeout)
        if (!state || embeddedAddress(state) === undefined || disconnected) return false
        return !(await config.storage?.getItem('foyer.disconnected'))
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        const current = await connector.getProvider()
        await current.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        })
        return chain
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) connector.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((account) => getAddress(account)) })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      onDisconnect() {
        setConnected(false)
        config.emitter.emit('disconnect')
      },
    }
    return connector
  })
}

/** The user's first embedded Ethereum wallet address, once the client is ready. */
function embeddedAddress(state: FoyerState): Address | undefined {
  if (state.status !== 'ready') return undefined
  const wallet = getEmbeddedWallets(state.user, 'ethereum')[0]
  return wallet ? getAddress(wallet.address) : undefined
}

/** The client's state once it is no longer loading; `null` after `timeout` ms. */
function restored(client: FoyerClient, timeout: number): Promise<FoyerState | null> {
  const state = client.getState()
  if (state.status !== 'loading') return Promise.resolve(state)
  return new Promise((resolve) => {
    const done = (value: FoyerState | null) => {
      clearTimeout(timer)
      stop()
      resolve(value)
    }
    const timer = setTimeout(() => done(null), timeout)
    const stop = client.subscribe(() => {
      const next = client.getState()
      if (next.status !== 'loading') done(next)
    })
  })
}
