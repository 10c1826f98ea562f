import type {
  CoinbaseBlockchain,
  CoinbaseOnRampInitRequest,
  CoinbaseOnRampInitResponse,
  CoinbaseOnRampStatusResponse,
} from '@foyer/protocol'
import { deriveKey } from '../../crypto/deriveKey'
import { foyerError } from '../../errors/foyerError'
import type { LoadedApp } from '../apps/service'
import type { FundingContext } from '../funding/fundingSettings'
import { assertOwnIdentifiers } from '../funding/ownIdentifiers'
import { type CdpApiKey, createSessionToken, fetchNewestTransactionStatus } from './onRampApi'
import { createPartnerUserRef, isPartnerUserRefOf } from './partnerUserRef'

/** Coinbase networks whose addresses are Ethereum-style (`0x` + 40 hex digits). */
const evmBlockchains: ReadonlySet<CoinbaseBlockchain> = new Set([
  'ethereum',
  'base',
  'avacchain',
  'optimism',
  'polygon',
  'arbitrum',
  'monad',
])
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The app's Coinbase project and key, or 400 `not_supported` when the app has none. */
function coinbaseProjectOf(app: LoadedApp): { projectId: string; key: CdpApiKey } {
  const coinbase = app.settings.funding_providers.coinbase
  if (coinbase === null) throw foyerError('coinbaseOnRampNotEnabled')
  return { projectId: coinbase.project_id, key: { id: coinbase.api_key_id, secret: coinbase.api_key_secret } }
}

/** Where Coinbase's API is (`funding({ coinbaseApiUrl, timeoutMs })`). */
const onRampApiSettings = (context: FundingContext) => ({
  apiUrl: context.funding.coinbaseApiUrl,
  timeoutMs: context.funding.timeoutMs,
})

/** Refuses an address that cannot be on one of the networks named with it (400 `invalid_data`). */
function checkAddresses(addresses: CoinbaseOnRampInitRequest['addresses']): void {
  for (const { address, blockchains } of addresses)
    for (const blockchain of blockchains) {
      const valid = evmBlockchains.has(blockchain)
        ? EVM_ADDRESS.test(address)
        : blockchain === 'solana'
          ? SOLANA_ADDRESS.test(address)
          : true
      if (!valid) throw foyerError('notABlockchainAddress', { blockchain, address })
    }
}

/** Parameters of {@link initCoinbaseOnRamp}. */
export type InitCoinbaseOnRampParameters = {
  app: LoadedApp
  userId: string
  body: CoinbaseOnRampInitRequest
  /** The user's IP address as the server sees it (Fastify `request.ip`, `trustProxy` applied). */
  clientIp: string
}

/**
 * `POST /api/v1/funding/coinbase_on_ramp/init` (docs/api.md, docs/wire.md#funding): asks Coinbase's
 * session-token API, authenticated with the app's CDP Secret API key (a JWT per call), for a single-use
 * session token for these addresses and assets and the user's IP, and answers it with the app's Coinbase
 * project id (`app_id`) and a fresh `partner_user_id` bound to this user (see `createPartnerUserRef`),
 * which the pay URL carries and the status call takes.
 *
 * @throws {FoyerHttpError} 400 `not_supported` (the app has no Coinbase Onramp, or Coinbase refuses its
 *   key), 400 `invalid_data` (an address not of its network, or refused by Coinbase), 403
 *   `address_not_owned` (an address that is not one of the user's wallets, embedded or linked), 502
 *   `internal_error` (Coinbase unreachable or answering something else).
 * @example const { session_token } = await initCoinbaseOnRamp(context, { app, userId, body, clientIp })
 */
export async function initCoinbaseOnRamp(
  context: FundingContext,
  parameters: InitCoinbaseOnRampParameters,
): Promise<CoinbaseOnRampInitResponse> {
  const { app, userId, body } = parameters
  const { projectId, key } = coinbaseProjectOf(app)
  checkAddresses(body.addresses)
  // The app's CDP key asks for tokens only for the user's own wallets (docs/funding.md).
  await assertOwnIdentifiers(context, userId, { addresses: body.addresses.map((entry) => entry.address) })
  const session = await createSessionToken(
    onRampApiSettings(context),
    key,
    {
      addresses: body.addresses.map(({ address, blockchains }) => ({
        address,
        blockchains: [...blockchains],
      })),
      ...(body.assets ? { assets: body.assets } : {}),
      clientIp: parameters.clientIp,
    },
    context.now(),
  )
  return {
    app_id: projectId,
    session_token: session.token,
    partner_user_id: createPartnerUserRef(
      deriveKey(context.masterKey, 'coinbase-partner-user-ref'),
      app.id,
      userId,
    ),
    channel_id: session.channelId,
  }
}

/**
 * `GET /api/v1/funding/coinbase_on_ramp/status?partnerUserId=` (docs/api.md, docs/wire.md#funding): the
 * newest purchase of this session from Coinbase's transaction-status API — `success`, `failure`, or `pending`
 * (none yet, or in progress). Only the user the id was made for may ask.
 *
 * @throws {FoyerHttpError} 404 `not_found` (an id not made for this user of this app), 400 `not_supported`
 *   (no Coinbase Onramp, or Coinbase refuses the key), 502 `internal_error` (Coinbase unreachable).
 * @example const { status } = await coinbaseOnRampStatus(context, { app, userId, partnerUserId })
 */
export async function coinbaseOnRampStatus(
  context: FundingContext,
  parameters: { app: LoadedApp; userId: string; partnerUserId: string },
): Promise<CoinbaseOnRampStatusResponse> {
  const { app, userId, partnerUserId } = parameters
  const { key } = coinbaseProjectOf(app)
  const ownKey = deriveKey(context.masterKey, 'coinbase-partner-user-ref')
  if (!isPartnerUserRefOf(ownKey, app.id, userId, partnerUserId)) throw foyerError('coinbaseSessionNotFound')
  const status = await fetchNewestTransactionStatus(
    onRampApiSettings(context),
    key,
    partnerUserId,
    context.now(),
  )
  if (status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS') return { status: 'success' }
  if (status === 'ONRAMP_TRANSACTION_STATUS_FAILED') return { status: 'failure' }
  return { status: 'pending' }
}
