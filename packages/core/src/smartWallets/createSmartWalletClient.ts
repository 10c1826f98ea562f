import type { SmartWalletAccount, SmartWalletType, User } from '@foyer/protocol'
import {
  toBiconomySmartAccount,
  toKernelSmartAccount,
  toLightSmartAccount,
  toNexusSmartAccount,
  toSafeSmartAccount,
  toThirdwebSmartAccount,
} from 'permissionless/accounts'
import { createSmartAccountClient, type SmartAccountClient } from 'permissionless/clients'
import { type Address, type Chain, http, type LocalAccount, type PublicClient, type Transport } from 'viem'
import {
  createPaymasterClient,
  entryPoint06Address,
  entryPoint07Address,
  type SmartAccount,
} from 'viem/account-abstraction'
import { getAccessToken } from '../actions/session/getAccessToken'
import { connectWallet } from '../actions/wallet/connectWallet'
import { getEthereumChain } from '../actions/wallet/getEthereumChain'
import { walletRpc } from '../actions/wallet/walletRpc'
import type { FoyerClient } from '../client/FoyerClient'
import { runExclusive } from '../client/runExclusive'
import { buildSiweMessage } from '../externalWallets/ethereum/buildSiweMessage'
import { request } from '../http/request'
import { adoptLinkedUser } from '../session/adoptLinkedUser'
import { createEthereumProvider } from '../wallet/ethereum/createEthereumProvider'
import type { EIP1193RequestArguments } from '../wallet/ethereum/EIP1193Provider'
import { getPublicClient } from '../wallet/ethereum/getPublicClient'
import { toViemChain } from '../wallet/ethereum/toViemChain'
import { promptUi, resolveWallet } from '../wallet/resolveWallet'
import type { SendTransactionUiOptions, UserOperationResult } from '../wallet/ui/WalletPrompt'
import { paymasterContextFor } from './paymasterContext'
import { SmartWalletError } from './SmartWalletError'
import {
  createApprovedSignatureGate,
  type PreparedCalls,
  prepareCalls,
  type SmartWalletCall,
  sendPreparedCalls,
  toRpcRequest,
} from './sendCalls'

/** The smart-wallet client: permissionless's `SmartAccountClient` over the app's bundler (and paymaster). */
export type SmartWalletClient = SmartAccountClient<Transport, Chain, SmartAccount>

/** The version each type is built at (docs/smart-wallets.md#account-types). */
export const SMART_WALLET_VERSIONS: Record<SmartWalletType, string> = {
  safe: '1.4.1',
  kernel: '0.3.1',
  light_account: '1.1.0',
  biconomy: '2.0.0',
  coinbase_smart_wallet: '1.1',
  thirdweb: '1.5.20',
  nexus: '1.0.0',
}

/** Parameters of {@link createSmartWalletClient}. */
export type CreateSmartWalletClientParameters = {
  /** The owner: an embedded Ethereum wallet's address; default the user's first. */
  wallet?: string | undefined
  /** The chain; default the embedded wallet's current chain. Must be one of the client's `chains`. */
  chainId?: number | undefined
  /** The link's SIWE message `domain`; default `location.host`. */
  domain?: string | undefined
  /** The link's SIWE message `uri`; default `location.origin`. */
  uri?: string | undefined
}

/** What {@link createSmartWalletClient} resolves with. */
export type CreateSmartWalletClientReturnType = {
  /** Signs (ERC-1271; ERC-6492 while undeployed) and sends user operations (one call or a batch). */
  client: SmartWalletClient
  /** The smart wallet's address (the same before and after deployment). */
  address: Address
  /** Its type: the one the user linked it with, else the app's. */
  type: SmartWalletType
  /**
   * Whether the app's network for the chain has a paymaster (its operations are offered to it; each
   * confirmation says whether the paymaster really sponsored it).
   */
  sponsored: boolean
  /**
   * Sends one call or a batch (`{ calls }`) in one user operation through the confirmation screen
   * (docs/smart-wallets.md#the-confirmation-screen): the calls decoded, 'Sponsored' or the fee, Approve; the
   * owner signs the operation it approved without a second screen. Without the modal, prepares, signs and
   * sends at once. Resolves once the operation is included.
   *
   * @throws {UserRejectedRequestError} the user cancelled. @throws the bundler's error (e.g. a call reverts).
   */
  sendCalls(
    input: SmartWalletCall | { calls: readonly SmartWalletCall[] },
    options?: { uiOptions?: SendTransactionUiOptions | undefined },
  ): Promise<UserOperationResult>
}

/**
 * The signed-in user's smart wallet on a chain (docs/smart-wallets.md#the-client): an ERC-4337 account of the
 * app's `smart_wallet_type` (the type of the user's linked smart wallet when there is one: a later change of
 * the app's type keeps it), owned by the embedded wallet, built with `permissionless`, over the network's
 * bundler, and its paymaster when configured (ERC-7677, with `paymaster_context` when set). On first use the
 * smart wallet is linked to the user (`POST /api/v1/siwe/link_smart_wallet`, a SIWE message signed through
 * the account: ERC-6492 before deployment), which asks the owner for one signature.
 *
 * @throws {SmartWalletError} `'smart_wallets_not_configured'` (off, or no network for the chain),
 *   `'smart_wallet_type_unavailable'` (the type's factory has no code on the chain, or the type cannot be built
 *   here). @throws {ApiError} from the link (`linked_to_another_user`, `cannot_link_more_of_type`, …).
 * @example
 * const { client: smartWallet } = await createSmartWalletClient(client)
 * const hash = await smartWallet.sendTransaction({ calls: [{ to, value: 1n }, { to: token, data }] })
 */
export async function createSmartWalletClient(
  client: FoyerClient,
  parameters: CreateSmartWalletClientParameters = {},
): Promise<CreateSmartWalletClientReturnType> {
  const state = client.getState()
  const config = state.appConfig?.smart_wallet_config
  if (!config?.enabled)
    throw new SmartWalletError('Smart wallets are not enabled for this app.', {
      code: 'smart_wallets_not_configured',
    })
  const chain =
    parameters.chainId === undefined
      ? getEthereumChain(client)
      : client.chains.find((each) => each.id === parameters.chainId)
  if (!chain)
    throw new SmartWalletError(`Chain ${parameters.chainId} is not one of the client's chains.`, {
      code: 'smart_wallets_not_configured',
    })
  const network = config.configured_networks.find(
    (each) => each.chain_id === `eip155:${chain.id}` || each.chain_id === String(chain.id),
  )
  if (!network)
    throw new SmartWalletError(`Smart wallets are not configured on chain ${chain.id} for this app.`, {
      code: 'smart_wallets_not_configured',
    })
  const linked = linkedSmartWallet(state.user)
  const type = linked?.smart_wallet_type ?? config.smart_wallet_type
  const provider = createEthereumProvider(client, { wallet: parameters.wallet })
  const ownerWallet = resolveWallet(client, 'ethereum', parameters.wallet)
  // The operation the user approved on the confirmation: its owner signature skips the sign request screen.
  const approved = createApprovedSignatureGate()
  // permissionless takes an EIP-1193 provider as `{ request }` (its `toOwner` asks `eth_requestAccounts`).
  const owner: SmartWalletOwner = {
    request: (args) => {
      if (approved.take(args))
        return walletRpc(client, {
          wallet: ownerWallet,
          request: { method: args.method, params: args.params },
          chainId: chain.id,
        })
      return provider.request(args as EIP1193RequestArguments)
    },
  }
  const {
    client: smartWallet,
    selfPaidClient,
    account,
  } = await buildSmartWallet({
    type,
    chain: toViemChain(chain),
    publicClient: getPublicClient(chain),
    network,
    owner,
  })
  const paymasterUrl = network.paymaster_url

  if (linked?.address.toLowerCase() !== account.address.toLowerCase())
    await linkSmartWallet(client, { ...parameters, account, type, chainId: chain.id })

  const publicClient = getPublicClient(chain)
  const sendCalls: CreateSmartWalletClientReturnType['sendCalls'] = async (input, options = {}) => {
    const calls = 'calls' in input ? [...input.calls] : [input]
    if (calls.length === 0) throw new TypeError('A user operation needs at least one call.')
    let prepared: PreparedCalls | undefined
    const prepare = async () => {
      prepared ??= await prepareCalls({
        chain,
        account,
        calls,
        sponsoredClient: paymasterUrl ? smartWallet : undefined,
        selfPaidClient,
        decode: (request) =>
          import('../wallet/transactions/analyzeTransaction').then(({ describeCall }) =>
            describeCall({
              publicClient,
              chain,
              request,
              hostAbi: client.embeddedWallets.extendedCalldataDecoding,
            }),
          ),
      })
      return prepared
    }
    const send = async () => {
      const operation = await prepare()
      const signature = await approved.signApproved(account, operation.operation, chain.id)
      return sendPreparedCalls(operation, account, signature)
    }
    const ui = promptUi(client)
    if (!ui) return send()
    await connectWallet(client, { wallet: ownerWallet })
    return ui.prompt({
      kind: 'sendUserOperation',
      wallet: ownerWallet,
      smartWallet: { address: account.address, type },
      chain,
      calls: calls.map((call) => toRpcRequest(call, chain.id)),
      uiOptions: options.uiOptions,
      preview: async () => (await prepare()).preview,
      send,
    })
  }
  return {
    client: smartWallet,
    address: account.address,
    type,
    sponsored: Boolean(paymasterUrl),
    sendCalls,
  }
}

/** The user's `smart_wallet` linked account, if any. */
function linkedSmartWallet(user: User | null): SmartWalletAccount | undefined {
  return user?.linked_accounts.find(
    (account): account is SmartWalletAccount => account.type === 'smart_wallet',
  )
}

/**
 * The smart wallet's owner: an EIP-1193 provider as permissionless takes it (`{ request }`), or a viem local
 * account.
 */
export type SmartWalletOwner =
  | { request: (args: { method: string; params?: unknown }) => Promise<unknown> }
  | LocalAccount

/** Parameters of {@link buildSmartWallet}. */
export type BuildSmartWalletParameters = {
  type: SmartWalletType
  chain: Chain
  /** Reads of the chain (code, nonces, gas). */
  publicClient: PublicClient
  /**
   * The app's network for the chain: `bundler_url`, and `paymaster_url` and `paymaster_context` when set (the
   * context sent to the paymaster follows `paymasterContextFor`).
   */
  network: {
    bundler_url: string
    paymaster_url?: string | undefined
    paymaster_context?: { policy_id: string } | undefined
  }
  owner: SmartWalletOwner
}

/**
 * The account of `type` owned by `owner` ({@link toSmartAccountOfType}), refused when its factory has no
 * code on the chain, and its `SmartAccountClient` over the network's bundler and, when set, its ERC-7677
 * paymaster, with the context of {@link paymasterContextFor}. The part of {@link createSmartWalletClient} that needs no Foyer client.
 *
 * @throws {SmartWalletError} `'smart_wallet_type_unavailable'`
 */
export async function buildSmartWallet(
  parameters: BuildSmartWalletParameters,
): Promise<{ client: SmartWalletClient; selfPaidClient: SmartWalletClient; account: SmartAccount }> {
  const { type, chain, publicClient, network, owner } = parameters
  const account = await toSmartAccountOfType(type, publicClient, owner)
  await assertFactoryDeployed(type, account, publicClient, chain.id)
  const context = paymasterContextFor(network)
  const client = createSmartAccountClient({
    account,
    chain,
    client: publicClient,
    bundlerTransport: http(network.bundler_url),
    ...(network.paymaster_url
      ? {
          paymaster: createPaymasterClient({ transport: http(network.paymaster_url) }),
          ...(context ? { paymasterContext: context } : {}),
        }
      : {}),
  }) as unknown as SmartWalletClient
  // The same account over the bundler alone: the operation the smart wallet pays, when the paymaster does not.
  const selfPaidClient = network.paymaster_url
    ? (createSmartAccountClient({
        account,
        chain,
        client: publicClient,
        bundlerTransport: http(network.bundler_url),
      }) as unknown as SmartWalletClient)
    : client
  return { client, selfPaidClient, account }
}

/**
 * The `permissionless` account of `type` (docs/smart-wallets.md#account-types) at its version and EntryPoint,
 * owned by `owner` (an EIP-1193 provider: the owner signs user operations with `eth_signTypedData_v4` or
 * `personal_sign`).
 */
async function toSmartAccountOfType(
  type: SmartWalletType,
  client: PublicClient,
  owner: SmartWalletOwner,
): Promise<SmartAccount> {
  const v07 = { address: entryPoint07Address, version: '0.7' } as const
  const v06 = { address: entryPoint06Address, version: '0.6' } as const
  switch (type) {
    case 'safe':
      return toSafeSmartAccount({ client, owners: [owner], version: '1.4.1', entryPoint: v07 })
    case 'kernel':
      return toKernelSmartAccount({ client, owners: [owner], version: '0.3.1', entryPoint: v07 })
    case 'light_account':
      return toLightSmartAccount({ client, owner, version: '1.1.0', entryPoint: v06 })
    case 'biconomy':
      return toBiconomySmartAccount({ client, owners: [owner], entryPoint: v06 })
    case 'thirdweb':
      return toThirdwebSmartAccount({ client, owner, entryPoint: v07 })
    case 'nexus':
      return toNexusSmartAccount({ client, owners: [owner], version: '1.0.0', entryPoint: v07 })
    case 'coinbase_smart_wallet':
      // viem's Coinbase Smart Wallet takes a local or WebAuthn owner, not the embedded wallet's provider.
      throw new SmartWalletError(
        'The coinbase_smart_wallet type needs a local or WebAuthn owner: the embedded wallet cannot own it here.',
        { code: 'smart_wallet_type_unavailable' },
      )
  }
}

/**
 * Refuses an account type whose contracts are not on the chain: an undeployed account's factory must have
 * code (otherwise its first operation, and its ERC-6492 signatures, would fail on chain).
 */
async function assertFactoryDeployed(
  type: SmartWalletType,
  account: SmartAccount,
  client: PublicClient,
  chainId: number,
): Promise<void> {
  if (await account.isDeployed()) return
  const { factory } = await account.getFactoryArgs()
  if (factory && (await client.getCode({ address: factory }))) return
  throw new SmartWalletError(
    `The ${type} smart wallet's factory ${factory ?? '(none)'} has no code on chain ${chainId}: its contracts are not deployed there.`,
    { code: 'smart_wallet_type_unavailable' },
  )
}

/**
 * Links the smart wallet to the user: a nonce from `siwe/init` for its address, an ERC-4361 message signed
 * through the account (ERC-6492 while undeployed), `POST /api/v1/siwe/link_smart_wallet`; the session's user
 * becomes the answer.
 */
async function linkSmartWallet(
  client: FoyerClient,
  parameters: CreateSmartWalletClientParameters & {
    account: SmartAccount
    type: SmartWalletType
    chainId: number
  },
): Promise<void> {
  const { account, type, chainId } = parameters
  await runExclusive(client, 'link', `smart_wallet:${account.address}`, async () => {
    const location = typeof globalThis.location === 'undefined' ? undefined : globalThis.location
    const domain = parameters.domain ?? location?.host
    const uri = parameters.uri ?? location?.origin
    if (!domain || !uri)
      throw new TypeError('Linking a smart wallet needs a page location (or domain and uri).')
    const init = await request(client, 'POST /api/v1/siwe/init', { body: { address: account.address } })
    const message = buildSiweMessage({
      address: init.address as Address,
      chainId,
      nonce: init.nonce,
      domain,
      uri,
    })
    const signature = await account.signMessage({ message })
    const response = await request(client, 'POST /api/v1/siwe/link_smart_wallet', {
      body: {
        message,
        signature,
        smart_wallet_type: type,
        smart_wallet_version: SMART_WALLET_VERSIONS[type],
      },
      accessToken: await getAccessToken(client),
    })
    await adoptLinkedUser(client, response)
  })
}
