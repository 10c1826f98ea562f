import { initialize } from '@foyer/core'
import {
  linkOAuth,
  loginWithOAuth,
  OAuthPopupError,
  type OAuthPopupRef,
  openOAuthPopup,
  startOAuthFlow,
} from '@foyer/core/oauth'
import { useCallback, useRef, useState } from 'react'
import { useAbortOnUnmount } from '../../../hooks/useAbortOnUnmount'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { formatMessage } from '../../../i18n/formatMessage'
import { oauthBlockedInAppBrowser } from '../../../inAppBrowser/oauthBlockedInAppBrowser'
import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../modal/screenParams'
import { signInMode } from '../../../modal/signInMode'
import { OAuthProviderIcon } from '../../../ui/OAuthProviderIcon'
import { Spinner } from '../../../ui/Spinner'
import { ApprovalFailureActions } from '../../ApprovalFailureActions'
import { SignedInNotice } from '../../Success/SignedInNotice'
import { useApprovalFailure } from '../../useApprovalFailure'
import { InAppBrowserNotice } from '../InAppBrowser/InAppBrowserNotice'
import { oauthProviderName } from '../oauthProviderName'
import { oauthScopeName } from '../oauthScopeName'

/** Where the flow is while 'verifying': the provider's window is open, the page is leaving, or the code is being exchanged. */
type Phase = 'popup' | 'redirecting' | 'exchanging'
type Status =
  | { kind: 'verifying'; phase: Phase }
  | { kind: 'success' }
  | { kind: 'error'; message: string; retry: boolean }

/**
 * OAuth status screen (docs/modal.md "OAuth status", "OAuth", docs/errors.md): 'verifying' while the
 * provider's popup is open or the page is on its way there, and while the code is exchanged; then success
 * (the modal closes after `SUCCESS_CLOSE_DELAY_MS`; after a link, the success screen) or the docs/errors.md
 * OAuth text with 'Retry' where allowed (the error table's `oauth` flow: `errorOutcome('oauth', …)`).
 * Account-not-found, user-limit and the login error screen take over for their codes.
 *
 * Started from the landing (`popup`: the window the click opened, `null` when blocked), from the link hook,
 * or by the provider on return from a full-page redirect (`returned`: the code to exchange). The display mode
 * is `config.oauth.mode` (default popup); a blocked popup falls back to a full-page redirect. 'Retry' opens a
 * new popup in its click; with a captcha token (single use) it goes back through the captcha screen.
 */
export function OAuthStatus({ params }: ScreenProps<'oauthStatus'>) {
  const modal = useModal()
  const { client, router, messages, config } = modal
  const authMode = signInMode(modal, 'oauth')
  const m = messages.oauth
  const name = oauthProviderName(params.provider, messages)
  const [status, setStatus] = useState<Status>({
    kind: 'verifying',
    phase: params.returned ? 'exchanging' : 'popup',
  })
  const fail = useApprovalFailure('oauth', setStatus, params)
  const isMounted = useIsMounted()
  const nextSignal = useAbortOnUnmount()
  const firstRun = useRef(true)

  const run = useCallback(
    async (popup: OAuthPopupRef | null | undefined) => {
      const returned = firstRun.current ? params.returned : undefined
      const captchaToken = firstRun.current ? params.captchaToken : undefined
      firstRun.current = false
      const mode = config?.oauth?.mode ?? 'popup'
      const flowParameters = {
        provider: params.provider,
        captchaToken,
        redirectTo: config?.oauth?.redirectTo,
        disableSignup: authMode === 'no-signup',
        action: params.action,
        // Foyer's own UI drives the flow (docs/wire.md#oauth `privy-ui: t`); closing the modal aborts it.
        ui: true,
        signal: nextSignal(),
      }
      setStatus({ kind: 'verifying', phase: returned ? 'exchanging' : 'popup' })
      try {
        let code = returned
        // Back from a full-page redirect the modal opens at once; the exchange waits for the client.
        if (code) await initialize(client)
        if (!code) {
          // A blocked popup (none could be opened in the click) falls back to a full-page redirect.
          const useRedirect = mode === 'redirect' || popup === null
          const started = await startOAuthFlow(client, {
            ...flowParameters,
            mode: useRedirect ? 'redirect' : 'popup',
            popup: popup ?? undefined,
            // The host's own return page for the popup, else the server's (docs/modal.md).
            ...(!useRedirect && config?.oauth?.popupRedirectTo
              ? { redirectTo: config.oauth.popupRedirectTo, serverReturnPage: false }
              : {}),
          }).catch((error: unknown) => {
            if (error instanceof OAuthPopupError && error.code === 'oauth_popup_blocked')
              return startOAuthFlow(client, { ...flowParameters, mode: 'redirect' })
            throw error
          })
          if (started.mode === 'redirect') {
            if (isMounted()) setStatus({ kind: 'verifying', phase: 'redirecting' })
            return
          }
          code = { authorizationCode: started.authorizationCode, stateCode: started.stateCode }
          if (isMounted()) setStatus({ kind: 'verifying', phase: 'exchanging' })
        }
        if (params.action === 'link') {
          const { user } = await linkOAuth(client, code)
          params.settle?.resolve(user)
          if (isMounted()) router.replace('success', { detail: 'linked' })
          return
        }
        await loginWithOAuth(client, code)
        if (isMounted()) setStatus({ kind: 'success' })
      } catch (caught) {
        fail(caught, {
          transfer: { linkMethod: params.provider },
          // docs/errors.md "OAuth" texts name the provider ({provider}, its display name) or what to check
          // after a denial ({scope}, the capitalised provider id).
          format: (text) => formatMessage(text, { provider: name, scope: oauthScopeName(params.provider) }),
        })
      }
    },
    [client, config, authMode, isMounted, name, nextSignal, params, router, fail],
  )

  // An in-app browser the provider refuses: nothing starts; the notice asks for an external browser.
  const [blocked] = useState(() => oauthBlockedInAppBrowser(params.provider))
  useStartOnce(
    useCallback(async () => {
      if (!blocked) return run(params.popup)
      params.popup?.close()
    }, [blocked, run, params.popup]),
  )
  useCloseAfterSuccess(status.kind === 'success')

  const retry = () => {
    if (params.captchaToken !== undefined) {
      router.replace('captcha', { start: { kind: 'oauth', provider: params.provider } })
      return
    }
    // In the click: the popup opens with the user's activation.
    void run((config?.oauth?.mode ?? 'popup') === 'popup' ? openOAuthPopup() : undefined)
  }

  const title = formatMessage(params.action === 'link' ? m.linkingTitle : m.verifyingTitle, {
    provider: name,
  })
  if (blocked) return <InAppBrowserNotice provider={name} />
  if (status.kind === 'success') return <SignedInNotice />
  const back = router.getHistory().length > 1 ? () => router.back() : undefined
  if (status.kind === 'error')
    return (
      <div className="foyer-screen">
        <ModalScreenHeader title={formatMessage(m.errorTitle, { provider: name })} onBack={back} />
        <div className="foyer-row">
          <OAuthProviderIcon provider={params.provider} />
          <span>{name}</span>
        </div>
        <ApprovalFailureActions failure={status} onRetry={retry} back={back} labels={m} />
      </div>
    )
  const text =
    status.phase === 'popup'
      ? formatMessage(m.waitingPopup, { provider: name })
      : status.phase === 'redirecting'
        ? formatMessage(m.redirecting, { provider: name })
        : m.verifying
  return (
    <div className="foyer-screen" aria-busy="true">
      <ModalScreenHeader title={title} onBack={back} />
      <div className="foyer-row">
        <OAuthProviderIcon provider={params.provider} />
        <span>{name}</span>
      </div>
      <Spinner />
      <p className="foyer-text" role="status">
        {text}
      </p>
    </div>
  )
}
