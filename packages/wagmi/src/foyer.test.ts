import type { User } from '@foyer/protocol'
import * as wagmiCore from '@wagmi/core'
import * as wagmiCoreV2 from '@wagmi/core-v2'
import { http, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil, base, mainnet } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { testEmbeddedWallet, testUser } from '../../core/test/createTestApi'
import { createWalletTestClient, ethereumAddress, walletUser } from '../../core/test/createWalletTestClient'
import { foyer } from './foyer'

/** Anvil's first test key: its address is the test user's embedded wallet (`ethereumAddress`). */
const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const otherAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A signed-in core client whose fake frame signs `personal_sign` with the wallet's real key. */
function signingClient(options: Parameters<typeof createWalletTestClient>[0] = {}) {
  return createWalletTestClient({
    ...options,
    answer: async ({ event, data }) => {
      if (event !== 'privy:wallets:rpc') {
        return { chainType: 'ethereum', entropyId: ethereumAddress, recoveryMethod: 'privy' }
      }
      const request = data.request as { method: string; params: [`0x${string}`, string] }
      if (request.method !== 'personal_sign') throw new Error(`unexpected ${request.method}`)
      return {
        method: request.method,
        result: await signer.signMessage({ message: { raw: request.params[0] } }),
      }
    },
  })
}

/** A wagmi storage over a plain map, shared between configs to stand for a page reload. */
function memoryStorage(map = new Map<string, string>()) {
  return {
    map,
    storage: {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    },
  }
}

const userWithoutWallet: User = { ...testUser, linked_accounts: [...testUser.linked_accounts] }

/**
 * The same behaviour through wagmi 3's and wagmi 2's core (`@wagmi/core-v2` is the npm alias of 2.x); the
 * connector is typed against the installed major, so wagmi 2's config takes it through a cast.
 */
const majors = [
  ['@wagmi/core 3', wagmiCore],
  ['@wagmi/core 2', wagmiCoreV2 as unknown as typeof wagmiCore],
] as const

describe.each(majors)('foyer connector with %s', (_name, wagmi) => {
  function setup(options: {
    client: Awaited<ReturnType<typeof createWalletTestClient>>['client']
    map?: Map<string, string>
    connectOnSignIn?: boolean
  }) {
    const { storage } = memoryStorage(options.map)
    return wagmi.createConfig({
      chains: [anvil, base, mainnet],
      connectors: [foyer({ client: options.client, connectOnSignIn: options.connectOnSignIn })],
      transports: { [anvil.id]: http(), [base.id]: http(), [mainnet.id]: http() },
      storage: wagmi.createStorage({ storage }),
      multiInjectedProviderDiscovery: false,
    })
  }
  const foyerConnector = (config: ReturnType<typeof setup>) => {
    const connector = config.connectors.find((candidate) => candidate.type === 'foyer')
    if (!connector) throw new Error('no foyer connector')
    return connector
  }

  test('behavior: connect gives the embedded address and chain; signMessage signs in the frame and viem verifies it', async () => {
    const { client, requests } = await signingClient()
    const config = setup({ client })
    const connector = foyerConnector(config)
    const result = await wagmi.connect(config, { connector })
    expect(result).toEqual({ accounts: [ethereumAddress], chainId: anvil.id })
    expect(wagmi.getAccount(config)).toMatchObject({
      status: 'connected',
      address: ethereumAddress,
      chainId: anvil.id,
      connector: { id: 'foyer', name: 'Foyer', type: 'foyer' },
    })
    const signature = await wagmi.signMessage(config, { message: 'hello from wagmi' })
    expect(await verifyMessage({ address: ethereumAddress, message: 'hello from wagmi', signature })).toBe(
      true,
    )
    expect(requests.at(-1)).toMatchObject({
      event: 'privy:wallets:rpc',
      data: {
        request: { method: 'personal_sign', params: ['0x68656c6c6f2066726f6d207761676d69', ethereumAddress] },
      },
    })
  })

  test('behavior: connect with a chainId switches the embedded wallet there first', async () => {
    const { client } = await signingClient()
    const config = setup({ client })
    const result = await wagmi.connect(config, { connector: foyerConnector(config), chainId: base.id })
    expect(result.chainId).toBe(base.id)
    expect(wagmi.getAccount(config).chainId).toBe(base.id)
  })

  test('behavior: switchChain goes through wallet_switchEthereumChain; wagmi follows the wallet chain', async () => {
    const { client } = await signingClient()
    const config = setup({ client })
    const connector = foyerConnector(config)
    await wagmi.connect(config, { connector })
    const chain = await wagmi.switchChain(config, { chainId: base.id })
    expect(chain.id).toBe(base.id)
    expect(wagmi.getAccount(config).chainId).toBe(base.id)
    expect(await connector.getChainId()).toBe(base.id)
    // A chain the Foyer client does not have (mainnet is only in wagmi's chains): the provider's 4902.
    await expect(wagmi.switchChain(config, { chainId: mainnet.id })).rejects.toMatchObject({ code: 4902 })
    expect(wagmi.getAccount(config).chainId).toBe(base.id)
    // A chain wagmi does not have.
    await expect(connector.switchChain!({ chainId: 10 })).rejects.toMatchObject({ name: 'SwitchChainError' })
    // A switch made on the Foyer side (the provider's chainChanged) moves wagmi too.
    await ((await connector.getProvider()) as { request(args: unknown): Promise<unknown> }).request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    })
    expect(wagmi.getAccount(config).chainId).toBe(anvil.id)
  })

  test('behavior: a logout disconnects wagmi; a new sign-in connects it again by itself', async () => {
    const { client } = await signingClient()
    const config = setup({ client })
    await wagmi.connect(config, { connector: foyerConnector(config) })
    client._internal.setState({ user: null })
    expect(wagmi.getAccount(config)).toMatchObject({ status: 'disconnected', address: undefined })
    client._internal.setState({ user: walletUser })
    expect(wagmi.getAccount(config)).toMatchObject({ status: 'connected', address: ethereumAddress })
    expect(await wagmi.signMessage(config, { message: 'again' })).toMatch(/^0x[0-9a-f]{130}$/)
  })

  test('behavior: the first embedded wallet created after sign-in connects wagmi; another address is accountsChanged', async () => {
    const { client } = await signingClient({ stateUser: userWithoutWallet })
    const config = setup({ client })
    expect(wagmi.getAccount(config).status).toBe('disconnected')
    client._internal.setState({ user: walletUser })
    expect(wagmi.getAccount(config)).toMatchObject({ status: 'connected', address: ethereumAddress })
    client._internal.setState({
      user: {
        ...testUser,
        linked_accounts: [...testUser.linked_accounts, testEmbeddedWallet({ address: otherAddress })],
      },
    })
    expect(wagmi.getAccount(config)).toMatchObject({ status: 'connected', address: otherAddress })
  })

  test('behavior: connectOnSignIn false leaves the connecting to the host', async () => {
    const { client } = await signingClient({ stateUser: userWithoutWallet })
    client._internal.setState({ user: null })
    const config = setup({ client, connectOnSignIn: false })
    client._internal.setState({ user: walletUser })
    expect(wagmi.getAccount(config).status).toBe('disconnected')
  })

  test('behavior: disconnect from wagmi keeps the Foyer session; reconnect after a reload restores only an undisconnected connection', async () => {
    const { client } = await signingClient()
    const map = new Map<string, string>()
    const config = setup({ client, map })
    const connector = foyerConnector(config)
    await wagmi.connect(config, { connector })
    expect(await connector.isAuthorized()).toBe(true)

    // A reload: a new config on the same storage, the client restoring its session.
    client._internal.setState({ status: 'loading', user: null })
    const reloaded = setup({ client, map })
    const reconnecting = wagmi.reconnect(reloaded)
    client._internal.setState({ status: 'ready', user: walletUser })
    expect((await reconnecting).map((connection) => connection.accounts)).toEqual([[ethereumAddress]])
    expect(wagmi.getAccount(reloaded)).toMatchObject({ status: 'connected', address: ethereumAddress })

    await wagmi.disconnect(reloaded)
    expect(wagmi.getAccount(reloaded).status).toBe('disconnected')
    expect(client.getState().user).not.toBeNull()
    expect(await foyerConnector(reloaded).isAuthorized()).toBe(false)
    const again = setup({ client, map })
    expect(await wagmi.reconnect(again)).toEqual([])
    expect(wagmi.getAccount(again).status).toBe('disconnected')
  })

  test('error: signed out, connect rejects with 4100; with no client bound, ProviderNotFoundError', async () => {
    const { client } = await signingClient()
    client._internal.setState({ user: null })
    const config = setup({ client })
    await expect(wagmi.connect(config, { connector: foyerConnector(config) })).rejects.toMatchObject({
      code: 4100,
    })
    expect(await foyerConnector(config).isAuthorized()).toBe(false)

    const unbound = wagmi.createConfig({
      chains: [anvil],
      connectors: [foyer()],
      transports: { [anvil.id]: http() },
      storage: null,
      multiInjectedProviderDiscovery: false,
    })
    const connector = unbound.connectors[0]!
    await expect(wagmi.connect(unbound, { connector })).rejects.toMatchObject({
      name: 'ProviderNotFoundError',
    })
    expect(await connector.isAuthorized()).toBe(false)
  })

  test('behavior: setClient binds a client later and unbinding disconnects', async () => {
    const { client } = await signingClient()
    const config = wagmi.createConfig({
      chains: [anvil],
      connectors: [foyer()],
      transports: { [anvil.id]: http() },
      storage: null,
      multiInjectedProviderDiscovery: false,
    })
    const connector = config.connectors[0] as (typeof config.connectors)[number] & {
      setClient(client: unknown): void
    }
    connector.setClient(client)
    await wagmi.connect(config, { connector })
    expect(wagmi.getAccount(config).address).toBe(ethereumAddress)
    connector.setClient(null)
    expect(wagmi.getAccount(config).status).toBe('disconnected')
  })
})
