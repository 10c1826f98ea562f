import { openOAuthPopup } from '@foyer/core/oauth'
import { useState } from 'react'
import { loadWallet } from '../../../hooks/loadWallet'
import { useAbortOnUnmount } from '../../../hooks/useAbortOnUnmount'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { passwordFlowRoute } from '../passwordFlowRoute'
import { recoveryOAuthErrorText } from '../RecoveryOAuth/RecoveryOAuth'
import { type RecoveryChoice, recoveryChoices } from './recoveryChoices'

/**
 * Recovery selection (docs/modal.md "Secure your account" / 'Update backup method', docs/modal.md
 * "Recovery-screen choice"), shown when more than one method is available: exactly the choices of
 * {@link recoveryChoices} — a password (the password flow), Google Drive when the app offers it (the
 * recovery OAuth screen, docs/recovery-oauth.md) and, for a wallet on a user-owned method, automatic
 * recovery ('Automatically secure your account'). A wallet on Google Drive choosing a password first asks
 * Google for the Drive token (the popup opens in the click), so the frame deletes the old secret once the
 * password is stored (docs/recovery-oauth.md "Changing the method"); a cancel at Google changes nothing.
 * At wallet creation, when the app requires a user-owned method (`SecureNewWalletPrompt`), it offers the
 * app's user-owned methods only and cannot be closed (docs/modal.md "Wallet creation").
 */
export function RecoverySelection({ params }: ScreenProps<'recoverySelection'>) {
  const { client, messages, router, state } = useModal()
  const m = messages.recovery
  const { settle } = params
  const creating = 'prompt' in params ? params.prompt : undefined
  const wallet = 'wallet' in params ? params.wallet : undefined
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const isMounted = useIsMounted()
  const nextSignal = useAbortOnUnmount()
  const choices: readonly RecoveryChoice[] = wallet
    ? recoveryChoices(state.appConfig, wallet)
    : (creating?.methods ?? [])
  const update = wallet !== undefined && wallet.recoveryMethod !== 'privy'

  const password = () => {
    if (busy) return
    if (creating) {
      const prompt = creating
      router.push('setPassword', {
        prompt: { kind: 'setPassword', reason: 'create', closable: false, submit: prompt.createWithPassword },
        settle,
      })
      return
    }
    if (!wallet) return
    if (wallet.recoveryMethod !== 'google-drive') {
      const route = passwordFlowRoute(client, wallet, settle)
      if (route.id === 'setPassword') router.push('setPassword', route.params)
      return
    }
    // Opened in the click handler: browsers block popups opened after an await.
    const popup = openOAuthPopup()
    setBusy(true)
    setError(undefined)
    void (async () => {
      try {
        const { authorizeRecoveryOAuth } = await loadWallet()
        const { accessToken } = await authorizeRecoveryOAuth(client, { popup, signal: nextSignal() })
        if (!isMounted()) return
        setBusy(false)
        const route = passwordFlowRoute(client, wallet, settle, accessToken)
        if (route.id === 'setPassword') router.push('setPassword', route.params)
      } catch (caught) {
        if (!isMounted()) return
        setBusy(false)
        setError(recoveryOAuthErrorText(caught, messages))
      }
    })()
  }

  return (
    <div className="foyer-screen" aria-busy={busy || undefined}>
      <ScreenHeader title={<ScreenTitle>{update ? m.updateTitle : m.selectTitle}</ScreenTitle>} />
      <p className="foyer-text">{m.selectDetail}</p>
      {choices.includes('user-passcode') ? (
        <button type="button" className="foyer-option" disabled={busy} onClick={password}>
          <span>{m.passwordOption}</span>
          <small>{m.passwordOptionDetail}</small>
        </button>
      ) : null}
      {choices.includes('google-drive') ? (
        <button
          type="button"
          className="foyer-option"
          disabled={busy}
          onClick={() =>
            creating
              ? router.push('recoveryOAuth', { mode: 'create', prompt: creating, settle })
              : wallet && router.push('recoveryOAuth', { mode: 'set', wallet, settle })
          }
        >
          <span>{m.googleDriveOption}</span>
          <small>{m.googleDriveOptionDetail}</small>
        </button>
      ) : null}
      {choices.includes('icloud') && wallet && !creating ? (
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
      {choices.includes('privy') ? (
        <button
          type="button"
          className="foyer-option"
          disabled={busy}
          onClick={() => wallet && router.push('setAutomaticRecovery', { wallet, settle })}
        >
          <span>{m.automaticOption}</span>
          <small>{m.automaticOptionDetail}</small>
        </button>
      ) : null}
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
    </div>
  )
}
