import type { EmbeddedWalletInfo, FoyerClient } from '@foyer/core'
import type { OAuthPopupRef } from '@foyer/core/oauth'
import { toErrorInfo } from '../../errors/toErrorInfo'
import { loadWallet } from '../../hooks/loadWallet'
import type { Messages } from '../../i18n/Messages'
import { recoveryOAuthErrorText } from './RecoveryOAuth/RecoveryOAuth'

/** The user-owned cloud a wallet's recovery secret lives in, if any: leaving it needs the user's sign-in there. */
export function existingRecoveryProvider(
  wallet: Pick<EmbeddedWalletInfo, 'recoveryMethod'>,
): 'google-drive' | 'icloud' | undefined {
  return wallet.recoveryMethod === 'google-drive' || wallet.recoveryMethod === 'icloud'
    ? wallet.recoveryMethod
    : undefined
}

/**
 * The token that lets the wallet frame delete the old secret of a wallet leaving Google Drive or iCloud
 * (docs/recovery-oauth.md and docs/recovery-icloud.md "Changing the method"): Google's Drive token
 * (`authorizeRecoveryOAuth`) or a fresh Apple ID web auth token (`authorizeIcloudRecovery`), signed in
 * through `popup`, which the caller opened in the user's click (browsers block popups opened after an
 * await). Passed on as `existingRecoveryAccessToken`. Errors: those of the two actions (`OAuthPopupError`,
 * `OAuthUserDeniedError`, `OAuthUnknownError`, `ApiError`, the signal's reason).
 */
export async function authorizeExistingRecovery(
  client: FoyerClient,
  provider: 'google-drive' | 'icloud',
  options: { popup: OAuthPopupRef | null; signal: AbortSignal },
): Promise<string> {
  const { authorizeIcloudRecovery, authorizeRecoveryOAuth } = await loadWallet()
  const authorize = provider === 'icloud' ? authorizeIcloudRecovery : authorizeRecoveryOAuth
  return (await authorize(client, options)).accessToken
}

/**
 * The text of a failed sign-in at the cloud being left: as on the recovery OAuth screen (a cancel at Google
 * 'User denied confirmation during OAuth flow', Apple's refusal 'Invalid code during OAuth flow.', a blocked
 * window its provider's text), except that closing the window is a refusal to confirm the change: 'User
 * denied confirmation during OAuth flow' (the wallet keeps its method).
 */
export function existingRecoveryErrorText(
  caught: unknown,
  messages: Messages,
  provider: 'google-drive' | 'icloud',
): string | undefined {
  if (toErrorInfo(caught).code === 'oauth_popup_closed') return messages.recovery.oauthDenied
  return recoveryOAuthErrorText(caught, messages, provider)
}

/** 'Waiting for Google' / 'Waiting for Apple' while the provider's window is open. */
export function existingRecoveryWaitingText(messages: Messages, provider: 'google-drive' | 'icloud'): string {
  return provider === 'icloud' ? messages.icloudRecovery.waiting : messages.recovery.oauthWaiting
}
