import type { User } from '@foyer/protocol'
import type { AccountTransfer } from '../../accountTransfer/AccountTransfer'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import { AccountTransferError } from '../../errors/AccountTransferError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { adoptChangedUser } from '../../session/adoptLinkedUser'
import { getAccessToken } from '../session/getAccessToken'

/** Link methods whose accounts are never transferred (docs/limits.md). */
const UNTRANSFERABLE = ['custom', 'guest', 'passkey']

/** What {@link transferAccount} throws (an action that calls others includes theirs). */
export type TransferAccountErrorType = RequestErrorType | AccountTransferError

/**
 * Moves the account of a link conflict to the signed-in user (docs/modal.md "Account transfer prompt",
 * docs/account-transfer.md "Account transfer", docs/limits.md; docs/wire.md#account-transfer): the user that
 * held it is deleted on the server, its embedded wallets with it (their assets do not move). Sends
 * `transfer.nonce` and the account to the method's route — `passwordless/transfer` `{ nonce, email }`,
 * `passwordless_sms/transfer` `{ nonce, phoneNumber }`, `siwe/transfer` / `siws/transfer`
 * `{ nonce, address, walletClientType, connectorType, chainId? }`, `farcaster/transfer`
 * `{ nonce, farcaster_id, farcaster_embedded_address }`, `telegram/transfer`
 * `{ nonce, telegram_auth_result | telegram_web_app_data }`, else `oauth/transfer` `{ nonce, userInfo }` —
 * then re-fetches the user by refreshing the session; `state.user` becomes it. Retried like every call: the
 * server answers a retry of the single-use nonce with the first answer (docs/api.md#retries); one link or
 * transfer at a time.
 *
 * @param transfer - from `toAccountTransfer` (the failed link's error)
 * @returns The user with the account.
 * @throws {AccountTransferError} `invalid_account_transfer`: 'Invalid transfer account type' (custom, guest,
 *   passkey) or 'Wallet parameters must be defined' (a wallet transfer without its metadata).
 * @throws {ApiError} `invalid_credentials` (401: the nonce is unknown, expired, spent or another user's),
 *   `cannot_link_more_of_type` (400), `missing_or_invalid_token` (401).
 * @example
 * const transfer = toAccountTransfer(error, { linkMethod: 'email', account: email })
 * if (transfer) await transferAccount(client, transfer)
 */
export function transferAccount(client: FoyerClient, transfer: AccountTransfer): Promise<User> {
  const { nonce, account, linkMethod, echo } = transfer
  if (UNTRANSFERABLE.includes(linkMethod))
    return Promise.reject(new AccountTransferError('Invalid transfer account type'))
  if (
    (linkMethod === 'siwe' || linkMethod === 'siws') &&
    (!echo.wallet?.walletClientType || !echo.wallet.connectorType)
  )
    return Promise.reject(new AccountTransferError('Wallet parameters must be defined'))
  return runExclusive(client, 'link', `transfer:${nonce}`, async () => {
    const options = { accessToken: await getAccessToken(client) }
    let answer: User
    if (linkMethod === 'email')
      answer = await request(client, 'POST /api/v1/passwordless/transfer', {
        body: { nonce, email: account },
        ...options,
      })
    else if (linkMethod === 'sms')
      answer = await request(client, 'POST /api/v1/passwordless_sms/transfer', {
        body: { nonce, phoneNumber: account },
        ...options,
      })
    else if (linkMethod === 'siwe' || linkMethod === 'siws') {
      const body = {
        nonce,
        address: account,
        walletClientType: echo.wallet?.walletClientType ?? null,
        connectorType: echo.wallet?.connectorType ?? null,
        ...(echo.wallet?.chainId ? { chainId: echo.wallet.chainId } : {}),
      }
      answer =
        linkMethod === 'siwe'
          ? await request(client, 'POST /api/v1/siwe/transfer', { body, ...options })
          : await request(client, 'POST /api/v1/siws/transfer', { body, ...options })
    } else if (linkMethod === 'farcaster')
      answer = await request(client, 'POST /api/v1/farcaster/transfer', {
        body: {
          nonce,
          farcaster_id: account,
          farcaster_embedded_address: echo.farcasterEmbeddedAddress ?? '',
        },
        ...options,
      })
    else if (linkMethod === 'telegram')
      answer = await request(client, 'POST /api/v1/telegram/transfer', {
        body: { nonce, ...echo.telegram },
        ...options,
      })
    else
      answer = await request(client, 'POST /api/v1/oauth/transfer', {
        body: { nonce, userInfo: echo.oAuthUserInfo ?? { subject: account } },
        ...options,
      })
    // docs/sessions.md: after the transfer the user is re-fetched (docs/wire.md#shared-shapes: through a
    // session refresh).
    return adoptChangedUser(client, answer)
  })
}
