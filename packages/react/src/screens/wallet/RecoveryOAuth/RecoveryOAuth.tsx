import { openOAuthPopup } from '@foyer/core/oauth'
import { useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { loadWallet } from '../../../hooks/loadWallet'
import { useAbortOnUnmount } from '../../../hooks/useAbortOnUnmount'
import { useIsMounted } from '../../../hooks/useIsMounted'
import type { Messages } from '../../../i18n/Messages'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { ScreenHeader } from '../../../ui/ScreenHeader'

/**
 * The recovery OAuth screen (docs/recovery-oauth.md "In the modal"): 'Back up to Google Drive' (securing a
 * wallet with Google Drive, chosen by the user) or 'Recover with Google Drive' (a `google-drive` wallet on a
 * new device). 'Continue with Google Drive' opens the 440 × 680 popup in the click handler, runs the
 * recovery OAuth round trip and hands Google's token to the wallet frame. A cancel at Google shows 'User
 * denied confirmation during OAuth flow', a failed return 'Invalid code during OAuth flow.'; a closed
 * popup just lets the user try again. Closing the modal aborts the flow. Its iCloud variant
 * (docs/recovery-icloud.md "In the modal"): 'Back up to iCloud' / 'Recover with iCloud', 'Continue with
 * iCloud' opens the Apple ID sign-in and hands its web auth token to the frame ('Waiting for Apple').
 */
export function RecoveryOAuth({ params }: ScreenProps<'recoveryOAuth'>) {
  const { client, messages, close } = useModal()
  const m = messages.recovery
  const provider = params.mode === 'recover' ? params.prompt.provider : (params.provider ?? 'google-drive')
  const icloud = messages.icloudRecovery
  const texts =
    provider === 'icloud'
      ? {
          setTitle: icloud.setTitle,
          setDetail: icloud.setDetail,
          recoverTitle: icloud.recoverTitle,
          recoverDetail: icloud.recoverDetail,
          button: icloud.button,
          waiting: icloud.waiting,
        }
      : {
          setTitle: m.oauthSetTitle,
          setDetail: m.oauthSetDetail,
          recoverTitle: m.oauthRecoverTitle,
          recoverDetail: m.oauthRecoverDetail,
          button: m.oauthButton,
          waiting: m.oauthWaiting,
        }
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const isMounted = useIsMounted()
  const nextSignal = useAbortOnUnmount()

  const start = () => {
    if (busy) return
    // Opened in the click handler: browsers block popups opened after an await.
    const popup = openOAuthPopup()
    setBusy(true)
    setError(undefined)
    void (async () => {
      try {
        if (params.mode === 'recover') {
          await params.prompt.recover({ popup })
          params.settle.resolve(undefined)
          return
        }
        if (params.mode === 'create') {
          await (provider === 'icloud'
            ? params.prompt.createWithIcloud({ popup })
            : params.prompt.createWithGoogleDrive({ popup }))
          params.settle.resolve(undefined)
          return
        }
        const { authorizeIcloudRecovery, authorizeRecoveryOAuth, setWalletRecovery } = await loadWallet()
        const authorize = provider === 'icloud' ? authorizeIcloudRecovery : authorizeRecoveryOAuth
        const { accessToken } = await authorize(client, { popup, signal: nextSignal() })
        await setWalletRecovery(client, {
          wallet: params.wallet,
          recoveryMethod: provider,
          recoveryAccessToken: accessToken,
          ...(params.existingRecoveryAccessToken
            ? { existingRecoveryAccessToken: params.existingRecoveryAccessToken }
            : {}),
        })
        params.settle.resolve(undefined)
        if (isMounted()) close()
      } catch (caught) {
        if (!isMounted()) return
        setBusy(false)
        setError(recoveryOAuthErrorText(caught, messages, provider))
      }
    })()
  }

  const recovering = params.mode === 'recover'
  return (
    <div className="foyer-screen" aria-busy={busy || undefined}>
      <ScreenHeader title={<ScreenTitle>{recovering ? texts.recoverTitle : texts.setTitle}</ScreenTitle>} />
      <p className="foyer-text">{recovering ? texts.recoverDetail : texts.setDetail}</p>
      {busy ? (
        <p className="foyer-text" role="status">
          {texts.waiting}
        </p>
      ) : null}
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <Button block busy={busy} onClick={start}>
        {texts.button}
      </Button>
    </div>
  )
}

/**
 * The text of a recovery OAuth failure: the user cancelled at Google (`OAUTH_USER_DENIED`), a failed return
 * (`UNKNOWN_AUTH_ERROR`), a blocked popup (Google's or, for `provider: 'icloud'`, Apple's window); a closed
 * popup shows nothing; a wallet frame failure its own message (docs/recovery-oauth.md,
 * docs/recovery-icloud.md); anything else 'An error has occurred, please try again.'.
 */
export function recoveryOAuthErrorText(
  caught: unknown,
  messages: Messages,
  provider: 'google-drive' | 'icloud' = 'google-drive',
): string | undefined {
  const m = messages.recovery
  const inner =
    typeof caught === 'object' &&
    caught !== null &&
    (caught as { code?: unknown }).code === 'set_password_failed'
      ? (caught as { cause?: unknown }).cause
      : caught
  const info = toErrorInfo(inner)
  switch (info.code) {
    case 'OAUTH_USER_DENIED':
      return m.oauthDenied
    case 'UNKNOWN_AUTH_ERROR':
    case 'oauth_state_mismatch':
      return m.oauthInvalidCode
    case 'oauth_popup_blocked':
      return provider === 'icloud' ? messages.icloudRecovery.popupBlocked : m.oauthPopupBlocked
    case 'oauth_popup_closed':
      return undefined
    case 'error':
      // The wallet frame's own text (Drive refused the token, the secret is missing or damaged).
      return info.message ?? m.genericError
    default:
      return m.genericError
  }
}
