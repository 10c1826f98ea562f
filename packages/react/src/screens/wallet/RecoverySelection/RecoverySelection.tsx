import { openOAuthPopup } from '@foyer/core/oauth'
import { useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { loadWallet } from '../../../hooks/loadWallet'
import { useAbortOnUnmount } from '../../../hooks/useAbortOnUnmount'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { passwordFlowRoute } from '../passwordFlowRoute'
import { recoveryOAuthErrorText } from '../RecoveryOAuth/RecoveryOAuth'

/**
 * Recovery selection (docs/modal.md "Secure your account" / 'Update backup method', docs/modal.md
 * "Recovery-screen choice"), shown when more than one method is available: a password (the password flow),
 * Google Drive or iCloud when the app offers it (the recovery OAuth screen, docs/recovery-oauth.md,
 * docs/recovery-icloud.md) or, for a wallet
 * on a user-owned method, automatic recovery. A wallet on Google Drive moving to automatic recovery first
 * asks Google for the Drive token (the popup opens in the click), so the frame deletes the old secret
 * (docs/recovery-oauth.md "Changing the method"); a cancel at Google changes nothing.
 */
export function RecoverySelection({ params }: ScreenProps<'recoverySelection'>) {
  const { client, messages, router, state, close } = useModal()
  const m = messages.recovery
  const { wallet, settle } = params
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const isMounted = useIsMounted()
  const nextSignal = useAbortOnUnmount()
  const options = state.appConfig?.embedded_wallet_config.user_owned_recovery_options ?? []
  const update = wallet.recoveryMethod !== 'privy'

  const automatic = async () => {
    // Opened in the click handler: browsers block popups opened after an await.
    const popup = wallet.recoveryMethod === 'google-drive' ? openOAuthPopup() : undefined
    setBusy(true)
    setError(undefined)
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
      if (isMounted()) close()
    } catch (caught) {
      if (!isMounted()) return
      setBusy(false)
      setError(
        wallet.recoveryMethod === 'google-drive'
          ? recoveryOAuthErrorText(caught, messages)
          : (toErrorInfo(caught).message ?? m.genericError),
      )
    }
  }

  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{update ? m.updateTitle : m.selectTitle}</ScreenTitle>} />
      <p className="foyer-text">{m.selectDetail}</p>
      {options.includes('user-passcode') ? (
        <button
          type="button"
          className="foyer-option"
          disabled={busy}
          onClick={() => {
            const route = passwordFlowRoute(client, wallet, settle)
            if (route.id === 'setPassword') router.push('setPassword', route.params)
          }}
        >
          <span>{m.passwordOption}</span>
          <small>{m.passwordOptionDetail}</small>
        </button>
      ) : null}
      {options.includes('google-drive') && wallet.recoveryMethod !== 'google-drive' ? (
        <button
          type="button"
          className="foyer-option"
          disabled={busy}
          onClick={() => router.push('recoveryOAuth', { mode: 'set', wallet, settle })}
        >
          <span>{m.googleDriveOption}</span>
          <small>{m.googleDriveOptionDetail}</small>
        </button>
      ) : null}
      {options.includes('icloud') && wallet.recoveryMethod !== 'icloud' ? (
        <button
          type="button"
          className="foyer-option"
          disabled={busy}
          onClick={() => router.push('recoveryOAuth', { mode: 'set', wallet, provider: 'icloud', settle })}
        >
          <span>{messages.icloudRecovery.option}</span>
          <small>{messages.icloudRecovery.optionDetail}</small>
        </button>
      ) : null}
      {update ? (
        <button
          type="button"
          className="foyer-option"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={automatic}
        >
          <span>{m.automaticOption}</span>
          <small>{m.automaticOptionDetail}</small>
        </button>
      ) : null}
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
