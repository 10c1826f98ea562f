import { acceptTerms, logout } from '@foyer/core'
import { useState } from 'react'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import { Button } from '../../../ui/Button'
import { ScreenHeader } from '../../../ui/ScreenHeader'

/**
 * 'One last step' (docs/modal.md "Terms acceptance", "After login"): 'By signing up, you agree to our terms
 * and privacy policy.', the links 'View Terms' and 'View Privacy Policy' (`legal.termsAndConditionsUrl` and
 * `privacyPolicyUrl`, else the app's `terms_and_conditions_url` and `privacy_policy_url`; a link without a
 * URL is left out), and the buttons 'No thanks' (logs the user out and closes) and 'Accept'
 * (`acceptTerms`, then the success screen; the `createOnLogin` wallets follow). Not closable: the user
 * decides. A failed accept keeps the screen with the error.
 */
export function Terms() {
  const { client, config, state, router, messages, close } = useModal()
  const m = messages.terms
  const isMounted = useIsMounted()
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const termsUrl = config?.legal?.termsAndConditionsUrl ?? state.appConfig?.terms_and_conditions_url
  const privacyUrl = config?.legal?.privacyPolicyUrl ?? state.appConfig?.privacy_policy_url

  const accept = async () => {
    setBusy('accept')
    setError(null)
    try {
      await acceptTerms(client)
      if (isMounted()) router.replace('success')
    } catch {
      if (!isMounted()) return
      setBusy(null)
      setError(messages.error.pleaseTryAgain)
    }
  }
  const decline = async () => {
    setBusy('decline')
    await logout(client)
    if (isMounted()) close()
  }

  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{m.title}</ScreenTitle>} />
      <p className="foyer-text">{m.body}</p>
      {termsUrl || privacyUrl ? (
        <p className="foyer-row">
          {termsUrl ? <ExternalLink href={termsUrl}>{m.viewTerms}</ExternalLink> : null}
          {privacyUrl ? <ExternalLink href={privacyUrl}>{m.viewPrivacyPolicy}</ExternalLink> : null}
        </p>
      ) : null}
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="foyer-row">
        <Button variant="secondary" busy={busy === 'decline'} disabled={busy === 'accept'} onClick={decline}>
          {m.decline}
        </Button>
        <Button busy={busy === 'accept'} disabled={busy === 'decline'} onClick={accept}>
          {m.accept}
        </Button>
      </div>
    </div>
  )
}

/** A link that opens in a new tab, never handing the page to it (`noopener noreferrer`). */
function ExternalLink({ href, children }: { href: string; children: string }) {
  // Only web links: a `javascript:` URL in the app's settings must not run here.
  if (!/^https?:\/\//i.test(href)) return null
  return (
    <a className="foyer-button" data-variant="link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}
