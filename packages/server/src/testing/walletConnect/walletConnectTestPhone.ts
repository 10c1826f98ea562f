import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { createWalletClient, type Hex, http, isHex, type LocalAccount, toHex } from 'viem'

/** One request the phone wallet answered (or refused), in the order received. */
export type TestPhoneRequest = {
  topic: string
  chainId: string
  method: string
  params: unknown
  result?: unknown
  error?: string
}

export type WalletConnectTestPhone = {
  /** The sign-client's own client id (`did:key:…`), as the relay sees it. */
  clientId: string
  /** Scans a `wc:` link (the dapp's QR code or copy link) and approves the proposal that arrives on it. */
  pair(uri: string): Promise<SessionTypes.Struct>
  /** The sessions the phone holds now. */
  sessions(): SessionTypes.Struct[]
  /** Every `session_request`, answered or refused. */
  requests: readonly TestPhoneRequest[]
  /** Ends a session from the wallet side (`wc_sessionDelete`, reason USER_DISCONNECTED). */
  disconnect(topic: string): Promise<void>
  /** Moves the wallet to another chain of the session (`chainChanged`), as the user would in the app. */
  switchChain(topic: string, chainId: number): Promise<void>
  close(): Promise<void>
}

export type CreateWalletConnectTestPhoneParameters = {
  /** The relay, e.g. the local stand-in's `url`. */
  relayUrl: string
  projectId: string
  /** The key the phone signs with. */
  account: LocalAccount
  /** EVM chain ids the phone offers; default the proposal's required and optional chains. */
  chains?: number[]
  /** JSON-RPC URL per chain id, for `eth_sendTransaction`. */
  rpcUrls?: Record<number, string>
  /** The wallet's metadata shown to the dapp; default "Foyer test phone". */
  metadata?: SignClientTypes.Metadata
  /** Refuse every proposal (code 5000, USER_REJECTED) instead of approving it. */
  rejectProposals?: boolean
}

/** An in-memory `IKeyValueStorage`: the phone forgets everything on `close()`, and writes no file. */
function memoryStorage() {
  const entries = new Map<string, unknown>()
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <T>() => [...entries.entries()] as [string, T][],
    getItem: async <T>(key: string) => entries.get(key) as T | undefined,
    setItem: async <T>(key: string, value: T) => void entries.set(key, value),
    removeItem: async (key: string) => void entries.delete(key),
  }
}

const EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_chainId',
]
const EIP155_EVENTS = ['accountsChanged', 'chainChanged']

const chainIdsOf = (proposal: SignClientTypes.EventArguments['session_proposal']['params']) => {
  const namespaces = [
    ...Object.values(proposal.requiredNamespaces ?? {}),
    ...Object.values(proposal.optionalNamespaces ?? {}),
  ]
  const chains = namespaces.flatMap((namespace) => namespace.chains ?? [])
  return [
    ...new Set(chains.filter((chain) => chain.startsWith('eip155:')).map((chain) => Number(chain.slice(7)))),
  ]
}

/**
 * A scripted "phone wallet" for tests (docs/walletconnect.md): a real `@walletconnect/sign-client` 2.21.8
 * wallet that pairs with a `wc:` link, approves the session with one EVM account on the offered chains, and
 * answers `personal_sign` (EIP-191), `eth_signTypedData_v4` (EIP-712), `eth_sendTransaction` (signed and sent
 * through `rpcUrls`), `eth_accounts` and `eth_chainId`; any other method is refused with 4200
 * (EIP-1193 "Unsupported Method"), a failed one with 5000.
 *
 * @example
 * const phone = await createWalletConnectTestPhone({ relayUrl: relay.url, projectId, account })
 * const session = await phone.pair(uriFromTheQrCode)
 */
export async function createWalletConnectTestPhone(
  parameters: CreateWalletConnectTestPhoneParameters,
): Promise<WalletConnectTestPhone> {
  const { account } = parameters
  // An optional peer dependency of the testing entry: loaded only when a phone is made.
  const { SignClient } = await import('@walletconnect/sign-client')
  const client = await SignClient.init({
    projectId: parameters.projectId,
    relayUrl: parameters.relayUrl,
    storage: memoryStorage(),
    // sign-client shares one Core per storage prefix in a process: each phone gets its own.
    customStoragePrefix: `foyer-test-phone-${crypto.randomUUID()}`,
    telemetryEnabled: false,
    logger: 'error',
    metadata: parameters.metadata ?? {
      name: 'Foyer test phone',
      description: 'A scripted WalletConnect wallet for tests',
      url: 'https://wallet.foyer.test',
      icons: [],
    },
  })
  const requests: TestPhoneRequest[] = []
  const proposals = new Map<string, (session: SessionTypes.Struct) => void>()
  const failures = new Map<string, (error: Error) => void>()

  client.on('session_proposal', async ({ id, params }) => {
    const settle = proposals.get(params.pairingTopic)
    const fail = failures.get(params.pairingTopic)
    try {
      if (parameters.rejectProposals) {
        await client.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
        fail?.(new Error('the phone rejected the proposal'))
        return
      }
      const chains = parameters.chains ?? chainIdsOf(params)
      const caip = chains.map((chain) => `eip155:${chain}`)
      const { acknowledged } = await client.approve({
        id,
        namespaces: {
          eip155: {
            chains: caip,
            accounts: caip.map((chain) => `${chain}:${account.address}`),
            methods: EIP155_METHODS,
            events: EIP155_EVENTS,
          },
        },
      })
      settle?.(await acknowledged())
    } catch (error) {
      fail?.(error as Error)
    }
  })

  async function answer(method: string, params: unknown, chainId: number): Promise<unknown> {
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'personal_sign': {
        const message = list[0] as Hex
        return account.signMessage({ message: isHex(message) ? { raw: message } : String(message) })
      }
      case 'eth_signTypedData_v4': {
        const typed = typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]
        const { EIP712Domain: _, ...types } = typed.types
        return account.signTypedData({ ...typed, types })
      }
      case 'eth_sendTransaction': {
        const rpcUrl = parameters.rpcUrls?.[chainId]
        if (!rpcUrl) throw new Error(`no RPC URL for chain ${chainId}`)
        const transaction = list[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        const wallet = createWalletClient({ account, transport: http(rpcUrl) })
        return wallet.sendTransaction({
          chain: null,
          to: transaction.to,
          value: transaction.value ? BigInt(transaction.value) : undefined,
          data: transaction.data,
          gas: transaction.gas ? BigInt(transaction.gas) : undefined,
        })
      }
      case 'eth_accounts':
        return [account.address]
      case 'eth_chainId':
        return toHex(chainId)
      default:
        return undefined
    }
  }

  client.on('session_request', async ({ id, topic, params }) => {
    const { request, chainId } = params
    const entry: TestPhoneRequest = { topic, chainId, method: request.method, params: request.params }
    requests.push(entry)
    try {
      const result = await answer(request.method, request.params, Number(chainId.split(':')[1]))
      if (result === undefined) {
        entry.error = 'Unsupported Method'
        await client.respond({
          topic,
          response: { id, jsonrpc: '2.0', error: { code: 4200, message: entry.error } },
        })
        return
      }
      entry.result = result
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      entry.error = (error as Error).message
      await client.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: 5000, message: entry.error } },
      })
    }
  })

  return {
    clientId: await client.core.crypto.getClientId(),
    requests,
    pair: async (uri) => {
      const pairingTopic = /^wc:([0-9a-f]{64})@2/.exec(uri)?.[1]
      if (!pairingTopic) throw new Error(`not a WalletConnect v2 link: ${uri}`)
      const session = new Promise<SessionTypes.Struct>((resolve, reject) => {
        proposals.set(pairingTopic, resolve)
        failures.set(pairingTopic, reject)
      })
      await client.pair({ uri })
      return session
    },
    sessions: () => client.session.getAll(),
    disconnect: (topic) =>
      client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } }),
    switchChain: (topic, chainId) =>
      client.emit({ topic, chainId: `eip155:${chainId}`, event: { name: 'chainChanged', data: chainId } }),
    close: async () => {
      await client.core.relayer.transportClose()
    },
  }
}
