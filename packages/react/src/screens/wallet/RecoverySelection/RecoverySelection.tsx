import { openOAuthPopup } from '@foyer/core/oauth'
import { useState } from 'react'
import { useAbortOnUnmount } from '../../../hooks/useAbortOnUnmount'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import {
  authorizeExistingRecovery,
  existingRecoveryErrorText,
  existingRecoveryProvider,
  existingRecoveryWaitingText,
} from '../existingRecoveryAccess'
import { passwordFlowRoute } from '../passwordFlowRoute'
import { type RecoveryChoice, recoveryChoices } from './recoveryChoices'

/**
 * Recovery selection (docs/modal.md "Secure your account" / 'Update backup method', docs/modal.md
 * "Recovery-screen choice"), shown when more than one method is available: exactly the choices of
 * {@link recoveryChoices} — a password (the password flow), Google Drive when the app offers it (the
 * recovery OAuth screen, docs/recovery-oauth.md) and, for a wallet on a user-owned method, automatic
 * recovery ('Automatically secure your account'). A wallet on Google Drive or iCloud choosing a password or
 * the other cloud first signs in where its secret is (Google's popup or the Apple ID sign-in, opened in the
 * click; 'Waiting for Google' / 'Waiting for Apple'), so the frame deletes the old secret once the new method
 * is stored (docs/recovery-oauth.md, docs/recovery-icloud.md "Changing the method"); a cancel or a closed
 * window there changes nothing ('User denied confirmation during OAuth flow').
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

  const leaving = wallet ? existingRecoveryProvider(wallet) : undefined
  /**
   * Runs `next` once the wallet may leave its cloud: for a wallet on Google Drive or iCloud, first the
   * sign-in there (the popup opens in this click), whose token lets the frame delete the old secret.
   */
  const thenLeave = (next: (existingRecoveryAccessToken?: string) => void) => {
    if (busy) return
    if (!leaving) return next()
    // Opened in the click handler: browsers block popups opened after an await.
    const popup = openOAuthPopup()
    setBusy(true)
    setError(undefined)
    void (async () => {
      try {
        const token = await authorizeExistingRecovery(client, leaving, { popup, signal: nextSignal() })
        if (!isMounted()) return
        setBusy(false)
        next(token)
      } catch (caught) {
        if (!isMounted()) return
        setBusy(false)
        setError(existingRecoveryErrorText(caught, messages, leaving))
      }
    })()
  }

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
    thenLeave((existingRecoveryAccessToken) => {
      const route = passwordFlowRoute(client, wallet, settle, existingRecoveryAccessToken)
      if (route.id === 'setPassword') router.push('setPassword', route.params)
    })
  }
  /**
   * Google Drive or iCloud: the recovery OAuth screen — creating the wallet on it, or, for an existing wallet,
   * after leaving the old cloud.
   */
  const cloud = (provider: 'google-drive' | 'icloud') => {
    if (creating) {
      router.push('recoveryOAuth', { mode: 'create', prompt: creating, provider, settle })
      return
    }
    if (!wallet) return
    thenLeave((existingRecoveryAccessToken) =>
      router.push('recoveryOAuth', {
        mode: 'set',
        wallet,
        provider,
        settle,
        ...(existingRecoveryAccessToken ? { existingRecoveryAccessToken } : {}),
      }),
    )
  }
  const cloudOptions = [
    ['google-drive', m.googleDriveOption, m.googleDriveOptionDetail],
    ['icloud', messages.icloudRecovery.option, messages.icloudRecovery.optionDetail],
  ] as const

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
      {cloudOptions.map(([provider, option, detail]) =>
        choices.includes(provider) ? (
          <button
            key={provider}
            type="button"
            className="foyer-option"
            disabled={busy}
            onClick={() => cloud(provider)}
          >
            <span>{option}</span>
            <small>{detail}</small>
          </button>
        ) : null,
      )}
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
          {existingRecoveryWaitingText(messages, leaving ?? 'google-drive')}
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
