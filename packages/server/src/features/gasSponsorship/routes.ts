import {
  endpoints,
  type PaymasterRpcResponse,
  type RpcUserOperation,
  simple7702AccountAddress,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { type Address, getAddress, type Hex, hexToBigInt, hexToNumber, isAddressEqual } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { foyerError } from '../../errors/foyerError'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { requireSession } from '../sessions/requireSession'
import { listEmbeddedWallets } from '../wallets/service'
import { releaseSponsorship, reserveSponsorship, utcDay } from './dailySponsorship'
import { maxSponsoredCost } from './maxSponsoredCost'
import {
  chainClient,
  SPONSORSHIP_VALIDITY_SECONDS,
  signPaymasterData,
  stubPaymasterData,
} from './paymasterData'

/** The routes' context: the chains the paymaster reads (`rpcUrls`, by EVM chain id). */
export type GasSponsorshipContext = ServerContext & { gasSponsorship: { rpcUrls: Map<number, string> } }

/** The app's paymaster when sponsorship is on: its address and signer key; 400 `not_supported` otherwise. */
function enabledPaymaster(app: LoadedApp) {
  const settings = app.settings.gas_sponsorship
  if (!settings?.paymaster_address || !settings.signer_private_key) throw foyerError('gasSponsorshipOff')
  return {
    paymaster: getAddress(settings.paymaster_address),
    signerPrivateKey: settings.signer_private_key as Hex,
    chainIds: settings.chain_ids,
    limitWei: settings.daily_limit_wei_per_user === null ? null : BigInt(settings.daily_limit_wei_per_user),
  }
}

/**
 * The delegate the sender has while the operation runs: `eip7702Auth.address` when the operation delegates
 * (its chain must be the operation's), else the one in the sender's code now. Only EntryPoint v0.8's
 * `Simple7702Account` is sponsored (400 `invalid_data`).
 */
async function sponsoredDelegate(
  context: GasSponsorshipContext,
  operation: RpcUserOperation,
  chainId: number,
): Promise<{ delegate: Address; delegatesNow: boolean }> {
  const authorization = operation.eip7702Auth
  if (authorization) {
    if (hexToNumber(authorization.chainId as Hex) !== chainId || !isSimple7702(authorization.address))
      throw foyerError('sponsoredDelegateUnsupported', { delegate: authorization.address })
    return { delegate: getAddress(authorization.address), delegatesNow: true }
  }
  const code = await readCode(context, chainId, operation.sender as Address)
  const delegate = code?.length === 48 && code.startsWith('0xef0100') ? `0x${code.slice(8)}` : (code ?? '0x')
  if (!isSimple7702(delegate)) throw foyerError('sponsoredDelegateUnsupported', { delegate })
  return { delegate: getAddress(delegate), delegatesNow: false }
}

const isSimple7702 = (address: string) =>
  /^0x[0-9a-fA-F]{40}$/.test(address) && isAddressEqual(address as Address, simple7702AccountAddress)

function rpcUrlOf(context: GasSponsorshipContext, chainId: number): string {
  const url = context.gasSponsorship.rpcUrls.get(chainId)
  if (!url) throw foyerError('noRpcUrlForChain', { chainId: String(chainId) })
  return url
}

async function readCode(context: GasSponsorshipContext, chainId: number, address: Address) {
  const rpcUrl = rpcUrlOf(context, chainId)
  try {
    return await chainClient(rpcUrl).getCode({ address })
  } catch (error) {
    context.log.warn({ err: error, chainId }, 'gas sponsorship: could not read the sender')
    throw foyerError('gasSponsorshipChainUnreadable', { chainId: String(chainId) })
  }
}

/**
 * `POST /api/v1/gas_sponsorship/paymaster` (live session; docs/gas-sponsorship.md#the-paymaster-endpoint):
 * the app's verifying paymaster as ERC-7677 JSON-RPC. Both methods check, in order: sponsorship is on for
 * the app (400 `not_supported`), the chain is one of its `chain_ids` (400 `not_supported`), the EntryPoint
 * is v0.8 (400 `invalid_data`), the sender is one of the user's embedded Ethereum wallets (400
 * `invalid_data`), and it is, or becomes in this operation through `eip7702Auth`, an EIP-7702 delegate of
 * `Simple7702Account` (400 `invalid_data`).
 * - `pm_getPaymasterStubData` → stub data (no signature that any paymaster trusts), `isFinal: false`;
 * - `pm_getPaymasterData` → the operation's maximum cost is counted against the user's daily limit and the
 *   sponsorship recorded in one transaction (403 `policy_violation` past the limit, nothing recorded), then
 *   the data is signed, valid for 300 s; a signing failure gives the count back (502 `internal_error`).
 */
export async function gasSponsorshipRoutes(
  app: FastifyInstance,
  options: { context: GasSponsorshipContext },
): Promise<void> {
  const { context } = options
  const endpoint = endpoints['POST /api/v1/gas_sponsorship/paymaster']
  endpointRoute(app, endpoint, { config: rateLimitConfig(context.rateLimits?.wallet) }, async (request) => {
    const session = await requireSession(context, request)
    const { method, params, id } = request.body
    const [operation, entryPoint, chainIdHex] = params
    const settings = enabledPaymaster(session.app)
    const chainId = hexToNumber(chainIdHex as Hex)
    if (!settings.chainIds.includes(chainId))
      throw foyerError('gasSponsorshipChainNotEnabled', { chainId: String(chainId) })
    if (!isAddressEqual(entryPoint as Address, entryPoint08Address))
      throw foyerError('sponsoredEntryPointRefused', { entryPoint })
    const wallets = await listEmbeddedWallets(context.db, session.userId)
    const sender = operation.sender as Address
    if (!wallets.some((w) => w.chain_type === 'ethereum' && isAddressEqual(w.address as Address, sender)))
      throw foyerError('sponsoredSenderNotUserWallet')
    const { delegate, delegatesNow } = await sponsoredDelegate(context, operation, chainId)
    const answer = (result: PaymasterRpcResponse['result']) => ({
      jsonrpc: '2.0' as const,
      id,
      result,
    })
    if (method === 'pm_getPaymasterStubData')
      return answer({
        ...(await stubPaymasterData(settings.paymaster)),
        isFinal: false,
        sponsor: { name: session.app.name },
      })

    const maxCostWei = maxSponsoredCost({
      callGasLimit: hexToBigInt(operation.callGasLimit as Hex),
      verificationGasLimit: hexToBigInt(operation.verificationGasLimit as Hex),
      preVerificationGas: hexToBigInt(operation.preVerificationGas as Hex),
      paymasterVerificationGasLimit: hexToBigInt((operation.paymasterVerificationGasLimit ?? '0x0') as Hex),
      paymasterPostOpGasLimit: hexToBigInt((operation.paymasterPostOpGasLimit ?? '0x0') as Hex),
      maxFeePerGas: hexToBigInt(operation.maxFeePerGas as Hex),
    })
    const now = new Date(context.now())
    const validUntil = Math.floor(now.getTime() / 1000) + SPONSORSHIP_VALIDITY_SECONDS
    const day = utcDay(now.getTime())
    const record = {
      appId: session.app.id,
      userId: session.userId,
      sender: getAddress(sender),
      chainId,
      entryPoint: entryPoint08Address,
      nonce: hexToBigInt(operation.nonce as Hex),
      paymaster: settings.paymaster,
      maxCostWei,
      validUntil,
    }
    const rpcUrl = rpcUrlOf(context, chainId)
    const recordId = await reserveSponsorship(context, { record, day, limitWei: settings.limitWei, now })
    if (recordId === null)
      throw foyerError('sponsorshipDailyLimitReached', { limit: String(settings.limitWei) })
    try {
      return answer(
        await signPaymasterData({
          client: chainClient(rpcUrl),
          operation,
          paymaster: settings.paymaster,
          signerPrivateKey: settings.signerPrivateKey,
          validUntil,
          delegate: delegatesNow ? delegate : undefined,
        }),
      )
    } catch (error) {
      await releaseSponsorship(context, {
        id: recordId,
        appId: record.appId,
        userId: record.userId,
        day,
        maxCostWei,
      })
      context.log.warn({ err: error, chainId }, 'gas sponsorship: could not sign paymaster data')
      throw foyerError('gasSponsorshipChainUnreadable', { chainId: String(chainId) })
    }
  })
}
