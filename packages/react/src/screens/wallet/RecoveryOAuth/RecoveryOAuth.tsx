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
 * popup just lets the user try again. Closing the modal aborts the flow.
 */
export function RecoveryOAuth({ params }: ScreenProps<'recoveryOAuth'>) {
  const { client, messages, close } = useModal()
  const m = messages.recovery
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
          await params.prompt.createWithGoogleDrive({ popup })
          params.settle.resolve(undefined)
          return
        }
        const { authorizeRecoveryOAuth, setWalletRecovery } = await loadWallet()
        const { accessToken } = await authorizeRecoveryOAuth(client, { popup, signal: nextSignal() })
        await setWalletRecovery(client, {
          wallet: params.wallet,
          recoveryMethod: 'google-drive',
          recoveryAccessToken: accessToken,
        })
        params.settle.resolve(undefined)
        if (isMounted()) close()
      } catch (caught) {
        if (!isMounted()) return
        setBusy(false)
        setError(recoveryOAuthErrorText(caught, messages))
      }
    })()
  }

  const recovering = params.mode === 'recover'
  return (
    <div className="foyer-screen" aria-busy={busy || undefined}>
      <ScreenHeader title={<ScreenTitle>{recovering ? m.oauthRecoverTitle : m.oauthSetTitle}</ScreenTitle>} />
      <p className="foyer-text">{recovering ? m.oauthRecoverDetail : m.oauthSetDetail}</p>
      {busy ? (
        <p className="foyer-text" role="status">
          {m.oauthWaiting}
        </p>
      ) : null}
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <Button block busy={busy} onClick={start}>
        {m.oauthButton}
      </Button>
    </div>
  )
}

/**
 * The text of a recovery OAuth failure: the user cancelled at Google (`OAUTH_USER_DENIED`), a failed return
 * (`UNKNOWN_AUTH_ERROR`), a blocked popup; a closed popup shows nothing; a wallet frame failure its own
 * message (docs/recovery-oauth.md); anything else 'An error has occurred, please try again.'.
 */
export function recoveryOAuthErrorText(caught: unknown, messages: Messages): string | undefined {
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
      return m.oauthPopupBlocked
    case 'oauth_popup_closed':
      return undefined
    case 'error':
      // The wallet frame's own text (Drive refused the token, the secret is missing or damaged).
      return info.message ?? m.genericError
    default:
      return m.genericError
  }
}
