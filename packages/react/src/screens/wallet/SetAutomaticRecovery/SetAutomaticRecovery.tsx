import { openOAuthPopup } from '@foyer/core/oauth'
import { useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { loadWallet } from '../../../hooks/loadWallet'
import { useAbortOnUnmount } from '../../../hooks/useAbortOnUnmount'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { recoveryOAuthErrorText } from '../RecoveryOAuth/RecoveryOAuth'

/**
 * 'Automatically secure your account' (docs/modal.md "Set automatic recovery": confirm, success, close after
 * a delay): moves a wallet on a user-owned method to automatic recovery. For a wallet on Google Drive the
 * confirm click opens the Google popup first, so the frame deletes the old secret once the change is stored
 * (docs/recovery-oauth.md "Changing the method"); a cancel at Google changes nothing.
 */
export function SetAutomaticRecovery({ params }: ScreenProps<'setAutomaticRecovery'>) {
  const { client, messages } = useModal()
  const m = messages.recovery
  const { wallet, settle } = params
  const [status, setStatus] = useState<'confirm' | 'busy' | 'success'>('confirm')
  const [error, setError] = useState<string | undefined>(undefined)
  const isMounted = useIsMounted()
  const nextSignal = useAbortOnUnmount()
  useCloseAfterSuccess(status === 'success')

  const confirm = () => {
    if (status !== 'confirm') return
    // Opened in the click handler: browsers block popups opened after an await.
    const popup = wallet.recoveryMethod === 'google-drive' ? openOAuthPopup() : undefined
    setStatus('busy')
    setError(undefined)
    void (async () => {
      try {
        const { authorizeRecoveryOAuth, setWalletRecovery } = await loadWallet()
        const existing =
          popup === undefined
            ? undefined
            : (await authorizeRecoveryOAuth(client, { popup, signal: nextSignal() })).accessToken
        await setWalletRecovery(client, {
          wallet,
          recoveryMethod: 'privy',
          ...(existing ? { existingRecoveryAccessToken: existing } : {}),
        })
        settle.resolve(undefined)
        if (isMounted()) setStatus('success')
      } catch (caught) {
        if (!isMounted()) return
        setStatus('confirm')
        setError(
          wallet.recoveryMethod === 'google-drive'
            ? recoveryOAuthErrorText(caught, messages)
            : (toErrorInfo(caught).message ?? m.genericError),
        )
      }
    })()
  }

  if (status === 'success')
    return (
      <div className="foyer-screen">
        <ScreenHeader title={<ScreenTitle>{messages.password.successTitle}</ScreenTitle>} />
        <p className="foyer-text" role="status">
          {messages.password.successDetail}
        </p>
      </div>
    )
  return (
    <div className="foyer-screen" aria-busy={status === 'busy' || undefined}>
      <ScreenHeader title={<ScreenTitle>{m.automaticTitle}</ScreenTitle>} />
      <p className="foyer-text">{m.automaticDetail}</p>
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <Button block busy={status === 'busy'} onClick={confirm}>
        {m.automaticConfirm}
      </Button>
    </div>
  )
}
