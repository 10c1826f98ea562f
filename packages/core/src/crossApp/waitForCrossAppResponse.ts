import {
  CROSS_APP_ACTION_ERROR_TYPE,
  CROSS_APP_ACTION_RESPONSE_TYPE,
  CROSS_APP_POPUP_POLL_MS,
  CROSS_APP_REQUEST_TIMEOUT_MS,
} from '@foyer/protocol'
import { BaseError } from '../errors/BaseError'
import { CrossAppError, crossAppErrorCodeOf } from '../errors/CrossAppError'
import type { OAuthPopupRef, OAuthWindow } from '../oauth/oauthWindow'

/** What the transact page may ask about the stored provider token (docs/wire.md#cross-app). @internal */
export type CrossAppTokenUpdate = { action: 'set'; value: string } | { action: 'clear' }

/** The transact page's answer. @internal */
export type CrossAppResponse = { result: unknown; token: CrossAppTokenUpdate | undefined }

function tokenUpdate(value: unknown): CrossAppTokenUpdate | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { action, value: token } = value as { action?: unknown; value?: unknown }
  if (action === 'clear') return { action }
  if (action === 'set' && typeof token === 'string') return { action, value: token }
  return undefined
}

/**
 * Waits for the transact popup's answer (docs/wire.md#cross-app): a message whose `source` is the popup and
 * whose `origin` is the provider page's, `{ type: 'PRIVY_CROSS_APP_ACTION_RESPONSE', result, token? }` or
 * `{ type: 'PRIVY_CROSS_APP_ACTION_ERROR', error, token? }`. Every {@link CROSS_APP_POPUP_POLL_MS} (300 ms) it
 * checks whether the popup was closed ('User rejected request'); after {@link CROSS_APP_REQUEST_TIMEOUT_MS}
 * (120 s) it closes the popup and fails with 'Request timeout' (docs/limits.md). Messages from other windows
 * or origins are ignored.
 *
 * @throws {CrossAppError} `'cross_app_rejected'`, `'cross_app_timeout'`, or the code of a docs/errors.md text
 * the page answered. @throws {BaseError} `'unknown_error'` with any other text of the page.
 * @internal
 */
export function waitForCrossAppResponse(
  win: Pick<OAuthWindow, 'addEventListener' | 'removeEventListener'>,
  popup: OAuthPopupRef,
  origin: string,
  onToken: (update: CrossAppTokenUpdate) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(timeout)
      if (!popup.closed) popup.close()
      settle()
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== (popup as unknown) || event.origin !== origin) return
      const data = event.data as { type?: unknown; result?: unknown; error?: unknown; token?: unknown }
      if (typeof data !== 'object' || data === null) return
      if (data.type !== CROSS_APP_ACTION_RESPONSE_TYPE && data.type !== CROSS_APP_ACTION_ERROR_TYPE) return
      const update = tokenUpdate(data.token)
      if (update) onToken(update)
      if (data.type === CROSS_APP_ACTION_RESPONSE_TYPE) return finish(() => resolve(data.result))
      const text = typeof data.error === 'string' ? data.error : ''
      const code = crossAppErrorCodeOf(text)
      finish(() =>
        reject(
          code ? new CrossAppError(code) : new BaseError(text || 'Unknown error', { code: 'unknown_error' }),
        ),
      )
    }
    win.addEventListener('message', onMessage)
    const poll = setInterval(() => {
      if (popup.closed) finish(() => reject(new CrossAppError('cross_app_rejected')))
    }, CROSS_APP_POPUP_POLL_MS)
    const timeout = setTimeout(
      () => finish(() => reject(new CrossAppError('cross_app_timeout'))),
      CROSS_APP_REQUEST_TIMEOUT_MS,
    )
  })
}
