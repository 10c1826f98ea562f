import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { withMfa } from '../../mfa/withMfa'
import { connectionKey } from '../../wallet/connectionKey'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { WalletProxyError } from '../../wallet/errors/WalletProxyError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { getWalletProxy } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'
import { promptUi } from '../../wallet/resolveWallet'
import { authorizeIcloudRecovery } from './authorizeIcloudRecovery'
import { authorizeRecoveryOAuth } from './authorizeRecoveryOAuth'
import { recoverWallet, recoverWalletWithReply } from './recoverWallet'

/**
 * How long an unlock may take before the modal shows 'Connecting your wallet', in ms (docs/modal.md "Wallet
 * connecting"): long enough that an unlock from this device's share shows nothing.
 */
export const CONNECTING_SCREEN_DELAY_MS = 400

/** Parameters of {@link connectWallet}. */
export type ConnectWalletParameters = {
  /** The wallet to unlock (any wallet of the entropy). */
  wallet: EmbeddedWalletInfo
  /**
   * The unlock was not asked by a request the user can decline (a host unlocking the wallet before any
   * request, e.g. right after sign-in): its connecting and recovery screens cannot be closed (docs/modal.md
   * "Recovery screens"). Default `false`: a request's are closable, and closing one rejects the request
   * (EIP-1193 4001).
   */
  automatic?: boolean | undefined
}

/** What {@link connectWallet} throws (an action that calls others includes theirs). */
export type ConnectWalletErrorType =
  | RequestErrorType
  | WalletProxyErrorType
  | MfaError
  | UserRejectedRequestError

/**
 * Unlocks a wallet's entropy in the frame (docs/modal.md; docs/frame-protocol.md event
 * `privy:wallets:connect`): device share + auth share. On a new device the frame recovers an automatic
 * (`privy`) wallet by itself; a `user-passcode` wallet answers `wallet_not_on_device`, and then the
 * registered UI shows 'Enter your password' and recovers with it ({@link recoverWallet}); a `google-drive`
 * or `icloud` wallet likewise, through the recovery OAuth screen (docs/recovery-oauth.md,
 * docs/recovery-icloud.md). When the modal is the wallet's UI and the unlock takes longer than
 * {@link CONNECTING_SCREEN_DELAY_MS} (e.g. an automatic recovery on a new device), 'Connecting your wallet'
 * shows until it ends (docs/modal.md "Wallet connecting"). Idempotent per entropy: concurrent and later calls
 * share one unlock until logout.
 *
 * @throws {WalletProxyError} `'wallet_not_on_device'` when a password is needed and no UI is registered;
 *   `'missing_or_invalid_mfa'` when the server wants a verification nobody can give (see `withMfa`).
 * @throws {MfaError} `'mfa_canceled'`, `'mfa_verification_max_attempts_reached'`.
 * @throws {UserRejectedRequestError} the user closed 'Enter your password'.
 * @throws {EmbeddedWalletError} `'not_authenticated'`, `'recovery_not_supported'` (a method this client
 *   does not know).
 * @example
 * await connectWallet(client, { wallet })
 */
export function connectWallet(client: FoyerClient, parameters: ConnectWalletParameters): Promise<void> {
  const { wallet } = parameters
  const { connections } = client._internal.wallet
  const key = connectionKey(wallet.chainType, wallet.entropyId)
  const existing = connections.get(key)
  if (existing) return existing
  const promise = run(client, parameters)
  connections.set(key, promise)
  promise.catch(() => {
    if (connections.get(key) === promise) connections.delete(key)
  })
  return promise
}

async function run(client: FoyerClient, parameters: ConnectWalletParameters): Promise<void> {
  const proxy = await getWalletProxy(client)
  await requireAccessToken(client) // signed out: not_authenticated before any prompt
  const unlocking = unlock(client, proxy, parameters)
  const ui = promptUi(client)
  if (!ui) return unlocking
  // 'Connecting your wallet' only when the unlock is slow, so a quick one shows nothing between the click and
  // the request's own screen (docs/modal.md "Wallet connecting").
  let timer: ReturnType<typeof setTimeout> | undefined
  const slow = await Promise.race([
    unlocking.then(
      () => false,
      () => false,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), CONNECTING_SCREEN_DELAY_MS)
    }),
  ])
  clearTimeout(timer)
  // A verification or recovery screen the unlock opened is on screen already: nothing goes over it (nor over
  // a UI that cannot tell).
  if (!slow || ui.busy?.() !== false) return unlocking
  // The screen asks again each time it is shown (it comes back after a verification or recovery screen in
  // front of it): the same unlock, until one has failed and 'Try again' asks for a new one.
  let attempt = unlocking
  let failed = false
  const watch = (promise: Promise<void>) =>
    promise.catch(() => {
      failed = true
    })
  watch(unlocking)
  return ui.prompt({
    kind: 'connectWallet',
    wallet: parameters.wallet,
    closable: parameters.automatic !== true,
    connect() {
      if (failed) {
        failed = false
        attempt = unlock(client, proxy, parameters)
        watch(attempt)
      }
      return attempt
    },
  })
}

/** The frame's unlock, with MFA when the server asks, then the recovery screen the wallet's method needs. */
async function unlock(
  client: FoyerClient,
  proxy: Awaited<ReturnType<typeof getWalletProxy>>,
  { wallet, automatic }: ConnectWalletParameters,
): Promise<void> {
  try {
    // The server releases the auth share after a recent MFA verification (docs/security.md property 15): when
    // refused, verification opens and the unlock is retried (docs/modal.md, at most 4 attempts).
    await withMfa(client, async () =>
      proxy.request('privy:wallets:connect', {
        accessToken: await requireAccessToken(client),
        chainType: wallet.chainType,
        entropyId: wallet.entropyId,
      }),
    )
  } catch (error) {
    if (!(error instanceof WalletProxyError) || error.code !== 'wallet_not_on_device') throw error
    const provider = wallet.recoveryMethod
    if (provider === 'google-drive' || provider === 'icloud') {
      if (await recoverWithRecentToken(client, wallet, provider)) return
      const ui = client._internal.wallet.ui
      if (!ui) throw error
      await ui.prompt({
        kind: 'recoverWithOAuth',
        wallet,
        closable: automatic !== true,
        provider,
        async recover({ popup }) {
          const { accessToken } =
            provider === 'icloud'
              ? await authorizeIcloudRecovery(client, { popup })
              : await authorizeRecoveryOAuth(client, { popup })
          const recovered = await recoverWalletWithReply(client, { wallet, recoveryAccessToken: accessToken })
          rememberRecoveryToken(client, provider, accessToken, recovered.nextRecoveryAccessToken)
        },
      })
      return
    }
    if (wallet.recoveryMethod !== 'user-passcode') {
      throw new EmbeddedWalletError('recovery_not_supported', { cause: error })
    }
    const ui = client._internal.wallet.ui
    if (!ui) throw error
    await ui.prompt({
      kind: 'recoverWithPassword',
      wallet,
      closable: automatic !== true,
      recover: (password) => recoverWallet(client, { wallet, recoveryPassword: password }),
    })
  }
}

/**
 * How long the token of a recovery on this device may recover the session's other wallets on the same method
 * without asking again, in ms (docs/recovery-oauth.md "Recovering on a new device"). Google's tokens live an
 * hour; a CloudKit web auth token is short-lived, and a refused one just asks again.
 */
export const RECOVERY_TOKEN_REUSE_MS = 10 * 60_000

/**
 * Keeps the token a recovery used (Google Drive: the same token; iCloud: CloudKit's next one, the used one
 * being spent) for the session's next wallet on that method.
 */
function rememberRecoveryToken(
  client: FoyerClient,
  provider: 'google-drive' | 'icloud',
  used: string,
  next: string | undefined,
): void {
  const accessToken = provider === 'icloud' ? next : used
  client._internal.wallet.recoveryToken =
    accessToken === undefined
      ? undefined
      : { provider, accessToken, expiresAt: Date.now() + RECOVERY_TOKEN_REUSE_MS }
}

/**
 * Recovers a `google-drive` or `icloud` wallet with the token of a recovery of this session moments ago (an
 * Ethereum and a Solana wallet on one Drive or iCloud: one sign-in per device). Whether it did; a token the
 * frame could not recover with is dropped, and the recovery screen asks as usual.
 */
async function recoverWithRecentToken(
  client: FoyerClient,
  wallet: EmbeddedWalletInfo,
  provider: 'google-drive' | 'icloud',
): Promise<boolean> {
  const slot = client._internal.wallet
  const recent = slot.recoveryToken
  if (!recent || recent.provider !== provider) return false
  slot.recoveryToken = undefined
  if (recent.expiresAt <= Date.now()) return false
  try {
    const recovered = await recoverWalletWithReply(client, {
      wallet,
      recoveryAccessToken: recent.accessToken,
    })
    rememberRecoveryToken(client, provider, recent.accessToken, recovered.nextRecoveryAccessToken)
    return true
  } catch (error) {
    // A verification declined (MFA) ends the unlock; the frame's refusal (the token no longer taken) falls
    // back to asking.
    if (!(error instanceof WalletProxyError)) throw error
    return false
  }
}
