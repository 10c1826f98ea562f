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
import {
  authorizeExistingRecovery,
  existingRecoveryErrorText,
  existingRecoveryProvider,
  existingRecoveryWaitingText,
} from '../existingRecoveryAccess'

/**
 * 'Automatically secure your account' (docs/modal.md "Set automatic recovery": confirm, success, close after
 * a delay): moves a wallet on a user-owned method to automatic recovery. For a wallet on Google Drive or
 * iCloud the confirm click opens Google's popup or the Apple ID sign-in first ('Waiting for Google' /
 * 'Waiting for Apple'), so the frame deletes the old secret once the change is stored (docs/recovery-oauth.md,
 * docs/recovery-icloud.md "Changing the method"); a cancel or a closed window there changes nothing.
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

  const leaving = existingRecoveryProvider(wallet)
  const confirm = () => {
    if (status !== 'confirm') return
    // Opened in the click handler: browsers block popups opened after an await.
    const popup = leaving ? openOAuthPopup() : undefined
    setStatus('busy')
    setError(undefined)
    void (async () => {
      try {
        const existing =
          leaving && popup !== undefined
            ? await authorizeExistingRecovery(client, leaving, { popup, signal: nextSignal() })
            : undefined
        const { setWalletRecovery } = await loadWallet()
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
          leaving
            ? existingRecoveryErrorText(caught, messages, leaving)
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
      {status === 'busy' && leaving ? (
        <p className="foyer-text" role="status">
          {existingRecoveryWaitingText(messages, leaving)}
        </p>
      ) : null}
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
