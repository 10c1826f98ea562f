import type { ChainType, FrameCreatedWallet } from '@foyer/protocol'
import { WALLET_CREATE_TIMEOUT_MS } from '@foyer/protocol'
import { sdkEvents, trackSdkEvent } from '../../analytics/sdkEvents'
import type { FoyerClient } from '../../client/FoyerClient'
import { ApiError } from '../../errors/ApiError'
import { BaseError } from '../../errors/BaseError'
import type { RequestErrorType } from '../../http/request'
import { fetchUser } from '../../session/fetchUser'
import { connectionKey } from '../../wallet/connectionKey'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import { WalletProxyError } from '../../wallet/errors/WalletProxyError'
import { getEmbeddedWallets } from '../../wallet/getEmbeddedWallets'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { getWalletProxy } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'

/** Parameters of {@link createWallet}. */
export type CreateWalletParameters = {
  /** Default `'ethereum'`. */
  chainType?: ChainType | undefined
  /**
   * Protects the recovery share with this password (`user-passcode`; 6 to 256 characters from the allowed
   * set, docs/limits.md). Absent: automatic recovery (`privy`).
   */
  recoveryPassword?: string | undefined
  /**
   * Makes the wallet on the user's own cloud directly (docs/recovery-oauth.md "At wallet creation"):
   * `'google-drive'` with Google's Drive token, `'icloud'` with the CloudKit web auth token, both as
   * `recoveryAccessToken` (used by the frame for that call, never kept). The server never holds automatic
   * recovery material for such a wallet. Only for the index-0 wallet.
   */
  recoveryMethod?: 'google-drive' | 'icloud' | undefined
  /** The provider token `recoveryMethod` needs. */
  recoveryAccessToken?: string | undefined
  /**
   * Creates an additional HD wallet at this index (≥ 1) of the existing entropy; `true` takes the next free
   * index. Absent: the index-0 wallet, which must not exist yet.
   */
  additional?: number | true | undefined
  /**
   * `true`: an additional HD wallet at the next free index, as `additional: true` (the reference client's
   * name). Needs the index-0 wallet of the chain type.
   */
  createAdditional?: boolean | undefined
  /**
   * The HD index to create (an integer ≥ 0; docs/limits.md "Wallet indexes"): 0 is the first wallet, which
   * must not exist yet; an index > 0 is an additional wallet and needs the index-0 wallet. The server takes
   * only the next free index.
   */
  walletIndex?: number | undefined
  /** Time allowed, in ms; default `WALLET_CREATE_TIMEOUT_MS` (20 000; docs/limits.md). */
  timeoutMs?: number | undefined
}

/** Return type of {@link createWallet}: the new wallet. */
export type CreateWalletReturnType = EmbeddedWalletInfo

/** What {@link createWallet} throws (an action that calls others includes theirs). */
export type CreateWalletErrorType = RequestErrorType | WalletProxyErrorType

/**
 * Creates an embedded wallet in the frame (docs/modal.md "Wallet creation"; docs/frame-protocol.md event
 * `privy:wallet:create` or `privy:wallets:add`), then refreshes the user (`GET /api/v1/users/me`) so
 * `state.user` lists it. Concurrent creations of one chain type share one call (index 0 and additional ones apart); the key stays unlocked in the
 * frame.
 *
 * @returns the new wallet
 * @throws {EmbeddedWalletError} `'wallet_already_exists'` ('User already has an embedded wallet.'),
 *   `'invalid_wallet_index'` (a negative or non-integer `walletIndex`), `'first_wallet_required'` (an
 *   additional wallet without the index-0 wallet), `'https_required'`,
 *   `'not_authenticated'`, `'wallet_proxy_missing'`, `'wallet_create_timeout'` ('walletProxy.create timed
 *   out.', after 20 s), `'wallet_create_no_response'`, `'user_refresh_failed'`, `'wallet_missing_after_create'`.
 * @throws {WalletProxyError} the frame's error (e.g. `'invalid_request_arguments'` for a bad password).
 * @example
 * const wallet = await createWallet(client, { chainType: 'solana' })
 * wallet.address // '7xKX…'
 */
export async function createWallet(
  client: FoyerClient,
  parameters: CreateWalletParameters = {},
): Promise<CreateWalletReturnType> {
  return (await createWalletWithReply(client, parameters)).wallet
}

/**
 * {@link createWallet}, also answering the frame's `nextRecoveryAccessToken` (on iCloud, the CloudKit web
 * auth token for the next call; docs/recovery-icloud.md), so the next wallet of a sign-in is made on iCloud
 * without another Apple sign-in.
 *
 * @internal
 */
export function createWalletWithReply(
  client: FoyerClient,
  parameters: CreateWalletParameters = {},
): Promise<{ wallet: EmbeddedWalletInfo; nextRecoveryAccessToken?: string | undefined }> {
  const chainType = parameters.chainType ?? 'ethereum'
  const { creations } = client._internal.wallet
  // Index-0 creations of a chain type share one call, and so do additional ones (a double click adds one).
  const wantsAdditional =
    parameters.additional !== undefined ||
    parameters.createAdditional === true ||
    (parameters.walletIndex ?? 0) !== 0
  const flightKey = wantsAdditional ? `${chainType}:additional` : chainType
  const inFlight = creations.get(flightKey) as ReturnType<typeof createWalletWithReply> | undefined
  if (inFlight) return inFlight
  const promise = withTimeout(run(client, chainType, parameters), parameters.timeoutMs)
    .then(
      (created) => {
        trackSdkEvent(client, sdkEvents.walletCreated, { chainType, walletIndex: created.wallet.walletIndex })
        return created
      },
      (error: unknown) => {
        const code = error instanceof BaseError ? error.code : 'unknown'
        trackSdkEvent(client, sdkEvents.walletCreationFailed, { chainType, code })
        throw error
      },
    )
    .finally(() => {
      if (creations.get(flightKey) === promise) creations.delete(flightKey)
    })
  creations.set(flightKey, promise)
  return promise
}

async function run(
  client: FoyerClient,
  chainType: ChainType,
  parameters: CreateWalletParameters,
): Promise<{ wallet: EmbeddedWalletInfo; nextRecoveryAccessToken?: string | undefined }> {
  const additional = additionalIndex(parameters)
  const existing = getEmbeddedWallets(client.getState().user, chainType)
  // The HD root: the index-0 wallet that is not an imported key (an imported key has no further indexes).
  const root = existing.find((wallet) => wallet.walletIndex === 0 && !wallet.imported)
  if (root && additional === undefined) throw new EmbeddedWalletError('wallet_already_exists')
  if (!root && additional !== undefined) throw new EmbeddedWalletError('first_wallet_required')

  const accessToken = await requireAccessToken(client)
  const proxy = await getWalletProxy(client)
  let created: FrameCreatedWallet | undefined
  try {
    if (additional !== undefined) {
      created = await proxy.request('privy:wallets:add', {
        accessToken,
        chainType,
        entropyId: root?.address ?? '',
        ...(additional === true ? {} : { walletIndex: additional }),
      })
    } else {
      created = await proxy.request('privy:wallet:create', {
        accessToken,
        chainType,
        ...(parameters.recoveryMethod !== undefined
          ? {
              recoveryMethod: parameters.recoveryMethod,
              recoveryAccessToken: parameters.recoveryAccessToken ?? '',
            }
          : parameters.recoveryPassword === undefined
            ? { recoveryMethod: 'privy' as const }
            : { recoveryMethod: 'user-passcode' as const, recoveryPassword: parameters.recoveryPassword }),
      })
    }
  } catch (error) {
    if (error instanceof WalletProxyError && error.code === 'wallet_proxy_invalid_reply') {
      throw new EmbeddedWalletError('wallet_create_no_response', { cause: error })
    }
    if (error instanceof WalletProxyError && /already has an embedded wallet/i.test(error.shortMessage)) {
      throw new EmbeddedWalletError('wallet_already_exists', { cause: error })
    }
    throw error
  }
  if (!created?.address) throw new EmbeddedWalletError('wallet_create_no_response')
  // The frame keeps the new key unlocked: no connect needed for this entropy.
  client._internal.wallet.connections.set(connectionKey(chainType, created.entropyId), Promise.resolve())

  let user: Awaited<ReturnType<typeof fetchUser>>
  try {
    user = await fetchUser(client, accessToken)
  } catch (cause) {
    if (cause instanceof ApiError && cause.code === 'missing_or_invalid_token') {
      throw new EmbeddedWalletError('not_authenticated', { cause })
    }
    throw new EmbeddedWalletError('user_refresh_failed', { cause })
  }
  client._internal.setState({ user })
  const wallet = getEmbeddedWallets(user, chainType).find(
    (candidate) => candidate.address.toLowerCase() === created.address.toLowerCase(),
  )
  if (!wallet) throw new EmbeddedWalletError('wallet_missing_after_create')
  return { wallet, nextRecoveryAccessToken: created.nextRecoveryAccessToken }
}

/**
 * The additional wallet asked for: an index ≥ 1, `true` for the next free one, or `undefined` for the index-0
 * wallet. Throws `'invalid_wallet_index'` for a negative or non-integer index.
 */
function additionalIndex(parameters: CreateWalletParameters): number | true | undefined {
  const { walletIndex } = parameters
  const asked = typeof parameters.additional === 'number' ? parameters.additional : walletIndex
  if (asked !== undefined && (!Number.isSafeInteger(asked) || asked < 0))
    throw new EmbeddedWalletError('invalid_wallet_index')
  if (typeof parameters.additional === 'number' || (walletIndex !== undefined && walletIndex > 0))
    return asked === 0 ? undefined : asked
  if (parameters.additional === true || parameters.createAdditional === true) return true
  return undefined
}

function withTimeout<T>(promise: Promise<T>, timeoutMs = WALLET_CREATE_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EmbeddedWalletError('wallet_create_timeout')), timeoutMs)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
