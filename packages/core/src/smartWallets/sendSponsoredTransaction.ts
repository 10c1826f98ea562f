import { simple7702AccountAddress } from '@foyer/protocol'
import {
  type Address,
  custom,
  type Hex,
  http,
  type LocalAccount,
  type SignedAuthorization,
  BaseError as ViemBaseError,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  type SmartAccount,
  toSimple7702SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { getAccessToken } from '../actions/session/getAccessToken'
import { connectWallet } from '../actions/wallet/connectWallet'
import { walletRpc } from '../actions/wallet/walletRpc'
import type { FoyerChain } from '../chains/FoyerChain'
import type { FoyerClient } from '../client/FoyerClient'
import { ApiError } from '../errors/ApiError'
import { request } from '../http/request'
import type { EmbeddedWalletInfo } from '../wallet/EmbeddedWalletInfo'
import { SponsorshipUnavailableError } from '../wallet/errors/SponsorshipUnavailableError'
import { getPublicClient } from '../wallet/ethereum/getPublicClient'
import { promptUi } from '../wallet/resolveWallet'
import type { RpcTransactionRequest } from '../wallet/transactions/EthereumTransactionRequest'
import type { SendTransactionUiOptions, UserOperationResult } from '../wallet/ui/WalletPrompt'
import { type PreparedCalls, prepareCalls, sendPreparedCalls, toRpcRequest } from './sendCalls'

/** Parameters of {@link sendSponsoredTransaction}. */
export type SendSponsoredTransactionParameters = {
  wallet: EmbeddedWalletInfo
  chain: FoyerChain
  /** The validated request (hex quantities). */
  request: RpcTransactionRequest
  uiOptions?: SendTransactionUiOptions | undefined
}

/** JSON with bigints as decimal strings (typed data reaches the frame as text, docs/frame-protocol.md). */
const jsonText = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item))

/**
 * The embedded wallet as the owner viem's `Simple7702Account` takes: a local account whose signatures the
 * frame makes (EIP-712 user operations, EIP-191 messages, the EIP-7702 authorization) without a screen of
 * their own: the user approved the operation on the confirmation screen.
 */
function frameOwner(client: FoyerClient, wallet: EmbeddedWalletInfo, chainId: number): LocalAccount {
  const rpc = (method: string, params: unknown[]) =>
    walletRpc(client, { wallet, request: { method, params }, chainId })
  const unsupported = async (): Promise<never> => {
    throw new SponsorshipUnavailableError('The embedded wallet signs sponsored operations only.')
  }
  return {
    address: wallet.address as Address,
    publicKey: '0x',
    source: 'foyer',
    type: 'local',
    sign: unsupported,
    signTransaction: unsupported,
    signMessage: async ({ message }) =>
      (await rpc('personal_sign', [
        typeof message === 'string'
          ? message
          : typeof message.raw === 'string'
            ? message.raw
            : jsonText(message.raw),
        wallet.address,
      ])) as Hex,
    signTypedData: async (typedData) =>
      (await rpc('eth_signTypedData_v4', [wallet.address, jsonText(typedData)])) as Hex,
    signAuthorization: async (authorization) => {
      const signed = (await rpc('eth_sign7702Authorization', [
        {
          contractAddress: authorization.contractAddress ?? authorization.address,
          chainId: authorization.chainId,
          nonce: authorization.nonce,
        },
      ])) as { address: Address; chainId: number; nonce: number; r: Hex; s: Hex; yParity: number }
      return signed
    },
  } as LocalAccount
}

/** The Foyer server's paymaster endpoint as an ERC-7677 transport (docs/gas-sponsorship.md#the-paymaster-endpoint). */
function foyerPaymaster(client: FoyerClient) {
  let id = 0
  return createPaymasterClient({
    transport: custom({
      async request({ method, params }) {
        const answer = await request(client, 'POST /api/v1/gas_sponsorship/paymaster', {
          body: { jsonrpc: '2.0', id: ++id, method, params } as never,
          accessToken: await getAccessToken(client),
          // pm_getPaymasterData counts against the daily limit: never sent twice.
          retry: false,
        })
        return answer.result
      },
    }),
  })
}

/** The paymaster's refusal (a Foyer `ApiError`) inside viem's wrapping, else `error`. */
function paymasterRefusal(error: unknown): unknown {
  if (error instanceof ViemBaseError) {
    const api = error.walk((cause) => cause instanceof ApiError)
    if (api) return api
  }
  return error
}

/**
 * Sends `request` from the embedded wallet with its gas paid by the app's verifying paymaster
 * (docs/gas-sponsorship.md#sending): the wallet acts as EntryPoint v0.8's `Simple7702Account` through
 * EIP-7702, one user operation over the bundler of the chain's network in the app's `smart_wallet_config`,
 * the paymaster data from the Foyer server. The confirmation screen says 'Sponsored' only when the prepared
 * operation carries the paymaster's signed data; on Approve the frame signs the EIP-7702 authorization
 * (first operation only) and the operation. The paymaster's refusal (its limit) is the preparation's error,
 * never a self-paid fallback.
 *
 * @returns the transaction hash of the bundle that included the operation
 * @throws {SponsorshipUnavailableError} no bundler for the chain. @throws {ApiError} the paymaster's refusal
 *   (`policy_violation` past the daily limit, `not_supported` when sponsorship is off).
 */
export async function sendSponsoredTransaction(
  client: FoyerClient,
  parameters: SendSponsoredTransactionParameters,
): Promise<Hex> {
  const { wallet, chain } = parameters
  const config = client.getState().appConfig?.smart_wallet_config
  const network = config?.enabled
    ? config.configured_networks.find(
        (each) => each.chain_id === `eip155:${chain.id}` || each.chain_id === String(chain.id),
      )
    : undefined
  if (!network)
    throw new SponsorshipUnavailableError(
      `Sponsored transactions need a bundler for chain ${chain.id} in the app's settings.`,
    )
  const publicClient = getPublicClient(chain)
  const owner = frameOwner(client, wallet, chain.id)
  const account = (await toSimple7702SmartAccount({
    client: publicClient,
    owner: owner as never,
  })) as unknown as SmartAccount
  const bundler = createBundlerClient({
    account,
    client: publicClient,
    transport: http(network.bundler_url),
    paymaster: foyerPaymaster(client),
  })
  const call = {
    to: parameters.request.to as Address,
    value: parameters.request.value ? BigInt(parameters.request.value) : 0n,
    data: (parameters.request.data ?? '0x') as Hex,
  }
  let prepared: PreparedCalls | undefined
  const prepare = async () => {
    try {
      prepared ??= await prepareCalls({
        chain,
        account,
        calls: [call],
        sponsoredClient: bundler as never,
        decode: (rpcRequest) =>
          import('../wallet/transactions/analyzeTransaction').then(({ describeCall }) =>
            describeCall({
              publicClient,
              chain,
              request: rpcRequest,
              hostAbi: client.embeddedWallets.extendedCalldataDecoding,
            }),
          ),
      })
    } catch (error) {
      throw paymasterRefusal(error)
    }
    return prepared
  }
  const send = async (): Promise<UserOperationResult> => {
    const { operation, ...rest } = await prepare()
    const authorization = operation.authorization
      ? await signedAuthorization(owner, publicClient, chain.id)
      : undefined
    const final = { ...operation, ...(authorization ? { authorization } : {}) } as UserOperation
    const signature = await account.signUserOperation({ ...final, chainId: chain.id } as never)
    return sendPreparedCalls({ ...rest, operation: final }, account, signature)
  }
  const ui = promptUi(client)
  if (!ui) return (await send()).transactionHash
  await connectWallet(client, { wallet })
  const result = await ui.prompt({
    kind: 'sendUserOperation',
    wallet,
    smartWallet: { address: wallet.address as Address, type: 'simple_7702' },
    chain,
    calls: [toRpcRequest(call, chain.id)],
    uiOptions: parameters.uiOptions,
    preview: async () => (await prepare()).preview,
    send,
  })
  return result.transactionHash
}

/** The authorization delegating the wallet to `Simple7702Account`, signed by the frame at the wallet's nonce now. */
async function signedAuthorization(
  owner: LocalAccount,
  publicClient: ReturnType<typeof getPublicClient>,
  chainId: number,
): Promise<SignedAuthorization> {
  const nonce = await publicClient.getTransactionCount({ address: owner.address })
  return (owner.signAuthorization as NonNullable<LocalAccount['signAuthorization']>)({
    contractAddress: simple7702AccountAddress,
    chainId,
    nonce,
  }) as Promise<SignedAuthorization>
}
