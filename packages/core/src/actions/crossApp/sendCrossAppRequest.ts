import {
  CROSS_APP_TRANSACT_PATH,
  type CrossAppAccount,
  type CrossAppMethod,
  type CrossAppTransactRequest,
} from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import {
  clearCrossAppToken,
  readCrossAppToken,
  storeCrossAppToken,
} from '../../crossApp/crossAppTokenStorage'
import { waitForCrossAppResponse } from '../../crossApp/waitForCrossAppResponse'
import type { BaseError } from '../../errors/BaseError'
import { CrossAppError } from '../../errors/CrossAppError'
import type { RequestErrorType } from '../../http/request'
import { browserWindow, type OAuthPopupRef } from '../../oauth/oauthWindow'
import { openOAuthPopup } from '../oauth/openOAuthPopup'
import { getCrossAppConnections } from './getCrossAppConnections'

/** Parameters of {@link sendCrossAppRequest}. */
export type SendCrossAppRequestParameters = {
  /** The provider wallet's address (of the user's `cross_app` account). */
  address: string
  /** The wallet method (docs/wire.md#cross-app). */
  method: CrossAppMethod
  /** Its JSON-RPC params (bigints are sent as hex). */
  params: readonly unknown[]
  /** A popup opened by `openOAuthPopup` in the click handler; default: one is opened now. */
  popup?: OAuthPopupRef | null | undefined
}

/** The signed-in user's `cross_app` account that owns `address` (embedded or smart wallet), if any. */
function accountOwning(client: FoyerClient, address: string): CrossAppAccount | undefined {
  const wanted = address.toLowerCase()
  return client
    .getState()
    .user?.linked_accounts.find(
      (account): account is CrossAppAccount =>
        account.type === 'cross_app' &&
        [...account.embedded_wallets, ...account.smart_wallets].some(
          (wallet) => wallet.address.toLowerCase() === wanted,
        ),
    )
}

/** JSON with bigints as `0x…` hex (docs/wire.md#cross-app). */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? `0x${item.toString(16)}` : item))
}

/** What {@link sendCrossAppRequest} throws (an action that calls others includes theirs). */
export type SendCrossAppRequestErrorType = RequestErrorType | BaseError | CrossAppError

/**
 * Asks the provider app's wallet to sign or send (README.md, docs/limits.md, docs/api.md;
 * docs/wire.md#cross-app), in a popup at the provider's transact page
 * (`provider_app_custom_auth_transact_url`, else `{provider_app_custom_api_url}/oauth/transact`) with `token`
 * (the stored provider access token) and `request`
 * (`{ content: { request: { request: { method, params } } }, timestamp, callbackUrl }`). The provider page
 * shows its own confirmation and answers by `postMessage`; see `waitForCrossAppResponse` (120 s, closed-popup
 * check every 300 ms). Checks first, in order: a linked `cross_app` account owns `address`; the provider is
 * one of this app's connections and not read-only; a provider token is stored and unexpired. A failed check
 * closes the popup.
 *
 * @returns the page's `result` (a signature or a transaction hash, `0x…`)
 * @throws {CrossAppError} `'cross_app_wrong_address'`, `'cross_app_invalid_connection'`,
 *   `'cross_app_read_only'`, `'cross_app_invalid_token'`, `'cross_app_init_failed'`, `'cross_app_rejected'`,
 *   `'cross_app_timeout'`. @throws {ApiError} from the connections call.
 * @example
 * const signature = await sendCrossAppRequest(client, { address, method: 'personal_sign', params: ['0x68656c6c6f', address] })
 */
export async function sendCrossAppRequest(
  client: FoyerClient,
  parameters: SendCrossAppRequestParameters,
): Promise<unknown> {
  const win = browserWindow()
  const popup = parameters.popup ?? openOAuthPopup()
  try {
    if (!win || !popup) throw new CrossAppError('cross_app_init_failed')
    const account = accountOwning(client, parameters.address)
    if (!account) throw new CrossAppError('cross_app_wrong_address')
    const connection = (await getCrossAppConnections(client)).find(
      (entry) => entry.provider_app_id === account.provider_app_id,
    )
    if (!connection) throw new CrossAppError('cross_app_invalid_connection')
    if (connection.read_only) throw new CrossAppError('cross_app_read_only')
    const token = await readCrossAppToken(client, account.provider_app_id)
    if (!token) throw new CrossAppError('cross_app_invalid_token')
    const page =
      connection.provider_app_custom_auth_transact_url ??
      (connection.provider_app_custom_api_url
        ? `${connection.provider_app_custom_api_url.replace(/\/+$/, '')}${CROSS_APP_TRANSACT_PATH}`
        : null)
    if (!page || !URL.canParse(page)) throw new CrossAppError('cross_app_invalid_connection')
    const url = new URL(page)
    const body: CrossAppTransactRequest = {
      content: { request: { request: { method: parameters.method, params: [...parameters.params] } } },
      timestamp: Date.now(),
      callbackUrl: win.location.origin,
    }
    url.searchParams.set('token', token)
    url.searchParams.set('request', toJson(body))
    if (popup.closed) throw new CrossAppError('cross_app_rejected')
    popup.location.replace(url.href)
    return await waitForCrossAppResponse(win, popup, url.origin, (update) => {
      if (update.action === 'set') void storeCrossAppToken(client, account.provider_app_id, update.value)
      else void clearCrossAppToken(client, account.provider_app_id)
    })
  } catch (error) {
    if (popup && !popup.closed) popup.close()
    throw error
  }
}
